import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { tempDir } from "#server/test/harness.ts";
import { createLocalStorage } from "./local-storage";

/** The key rules every store gets from checkedStorage, seen through the disk store. */
const root = tempDir("collect-local-store-");
const storage = createLocalStorage({ root, publicUrl: "http://localhost:3000", secret: "s".repeat(40) });
const TAG = "aaaaaaaaaaaaaaaaaaaaaa";
const OTHER = "bbbbbbbbbbbbbbbbbbbbbb";
const UUID = "00000000-0000-4000-8000-000000000001";
const put = (key: string, body = "x") => {
  const file = path.join(root, key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  return file;
};

it("refuses a key it did not make before touching the disk", async () => {
  const name = `collect-outside-${process.pid}`;
  const outside = path.join(root, "..", name);
  writeFileSync(outside, "secret");
  for (const bad of [
    `../${name}`,
    `uploads/${TAG}/../../x`,
    `uploads/${TAG}/not-a-uuid`,
    "",
    "/etc/passwd",
  ]) {
    await expect(storage.head(bad, 12), bad).rejects.toThrow("invalid object key");
    await expect(storage.read(bad), bad).rejects.toThrow("invalid object key");
    await expect(storage.delete(bad), bad).rejects.toThrow("invalid object key");
    await expect(storage.move(bad, `uploads/${TAG}/${UUID}`), bad).rejects.toThrow("invalid object key");
  }
  expect(existsSync(outside)).toBe(true);
});

it("signs upload URLs only for keys under incoming/", async () => {
  await expect(storage.createUploadUrl(`uploads/${TAG}/${UUID}`)).rejects.toThrow("invalid object key");
  const url = new URL(await storage.createUploadUrl(`incoming/${TAG}/${UUID}`));
  expect(url.pathname).toBe(`/api/uploads/incoming/${TAG}/${UUID}`);
  expect(
    storage.verifyUpload(
      `incoming/${TAG}/${UUID}`,
      url.searchParams.get("expires") ?? "",
      url.searchParams.get("sig") ?? "",
    ),
  ).toBe("ok");
});

it("lists only its own waiting uploads and deletes one owner's folders, checking the tag", async () => {
  put(`incoming/${TAG}/${UUID}`);
  put(`incoming/${TAG}/stray-file`);
  put(`incoming/${OTHER}/${UUID}`);
  const mine = put(`uploads/${TAG}/${UUID}`);
  const theirs = put(`uploads/${OTHER}/${UUID}`);

  const listed = [];
  for await (const object of storage.listIncoming()) listed.push(object.key);
  expect(listed.sort()).toEqual([`incoming/${TAG}/${UUID}`, `incoming/${OTHER}/${UUID}`]);

  await expect(storage.deleteOwner("../..")).rejects.toThrow("invalid owner tag");
  await expect(storage.deleteOwner("")).rejects.toThrow("invalid owner tag");
  await storage.deleteOwner(TAG);
  expect(existsSync(mine)).toBe(false);
  expect(existsSync(path.join(root, "incoming", TAG))).toBe(false);
  expect(existsSync(theirs)).toBe(true);
});
