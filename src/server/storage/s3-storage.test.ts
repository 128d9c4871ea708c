import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "./s3-storage";

/**
 * A stub S3 for the answers s3rver cannot give (routes/photos/s3.test.ts runs the real flow
 * against s3rver): each key gets a fixed answer, and every request is recorded.
 */
const key = (n: number) => `uploads/aaaaaaaaaaaaaaaaaaaaaa/00000000-0000-4000-8000-00000000000${n}`;
const EMPTY = key(1);
const MISSING = key(2);
const DENIED = key(3);
const PRESENT = key(4);
const SMALL = key(5);

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

const requests: { method: string; url: string; range: string | undefined }[] = [];
const server = http.createServer((request, response) => {
  requests.push({ method: request.method ?? "", url: request.url ?? "", range: request.headers.range });
  const path = decodeURIComponent(new URL(request.url ?? "/", "http://stub").pathname);
  const xml = (status: number, body: string) =>
    response.writeHead(status, { "content-type": "application/xml" }).end(body);
  if (request.method === "DELETE") return response.writeHead(204).end();
  if (path === `/photos/${EMPTY}`)
    return xml(416, errorXml("InvalidRange", "The requested range is not satisfiable"));
  if (path === `/photos/${MISSING}`)
    return xml(404, errorXml("NoSuchKey", "The specified key does not exist."));
  if (path === `/photos/${DENIED}`) return xml(403, errorXml("AccessDenied", "Access Denied"));
  if (path === `/photos/${PRESENT}`) {
    return response
      .writeHead(206, { "content-range": "bytes 0-11/1000", "content-length": "12" })
      .end(Buffer.from("0123456789ab"));
  }
  if (path === `/photos/${SMALL}`) {
    return response
      .writeHead(206, { "content-range": "bytes 0-4/5", "content-length": "5" })
      .end(Buffer.from("hello"));
  }
  return xml(500, errorXml("InternalError", "unexpected"));
});

let storage: ReturnType<typeof createS3Storage>;
let endpoint: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  storage = createS3Storage({
    endpoint,
    bucket: "photos",
    region: "us-east-1",
    accessKeyId: "key",
    secretAccessKey: "secret",
  });
});

afterAll(async () => {
  storage.client.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe("S3 storage", () => {
  it("reads only the first bytes, and the total size from Content-Range", async () => {
    requests.length = 0;
    const head = await storage.head(PRESENT, 12);
    expect(head).toEqual({ size: 1000, head: Buffer.from("0123456789ab") });
    expect(requests).toEqual([
      { method: "GET", url: expect.stringContaining(`/photos/${PRESENT}`), range: "bytes=0-11" },
    ]);
    expect(await storage.head(SMALL, 12)).toEqual({ size: 5, head: Buffer.from("hello") });
  });

  it("takes S3's 416 for a ranged read of an empty object as an empty object", async () => {
    expect(await storage.head(EMPTY, 12)).toEqual({ size: 0, head: Buffer.alloc(0) });
  });

  it("answers null for a missing object, and throws on other failures", async () => {
    expect(await storage.head(MISSING, 12)).toBeNull();
    expect(await storage.read(MISSING)).toBeNull();
    await expect(storage.head(DENIED, 12)).rejects.toMatchObject({ name: "AccessDenied" });
    await expect(storage.read(DENIED)).rejects.toMatchObject({ name: "AccessDenied" });
  });

  it("presigns a path-style PUT of an upload key for 15 minutes, with the size signed and no checksum", async () => {
    const incoming = PRESENT.replace(/^uploads\//, "incoming/");
    const url = new URL(await storage.createUploadUrl(incoming, 1234));
    expect(`${url.origin}${url.pathname}`).toBe(`${endpoint}/photos/${incoming}`);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;host");
    // Only upload keys get a URL: nobody writes straight to a served photo's key.
    await expect(storage.createUploadUrl(PRESENT, 1234)).rejects.toThrow("invalid object key");
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
  });

  it("refuses keys that are not ours before sending anything", async () => {
    requests.length = 0;
    for (const bad of ["../etc/passwd", "uploads/x/y", `${PRESENT}/..`, "notes.txt", ""]) {
      await expect(async () => storage.createUploadUrl(bad), bad).rejects.toThrow("invalid object key");
      await expect(storage.head(bad, 12), bad).rejects.toThrow("invalid object key");
      await expect(storage.read(bad), bad).rejects.toThrow("invalid object key");
      await expect(storage.delete(bad), bad).rejects.toThrow("invalid object key");
    }
    expect(requests).toEqual([]);
  });

  it("deletes by key", async () => {
    requests.length = 0;
    await storage.delete(PRESENT);
    expect(requests).toEqual([
      { method: "DELETE", url: expect.stringContaining(`/photos/${PRESENT}`), range: undefined },
    ]);
  });
});
