import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { publishedKey } from "#server/storage/photo-keys.ts";
import { as, createReadyUser, describeEachDatabase, nextIp, TEST_ORIGIN } from "#server/test/harness.ts";
import {
  expectServedSafely,
  GIF,
  getObject,
  HTML,
  localStore,
  newUploadUrl,
  type PhotoStore,
  PNG,
  PNG_ON_GARBAGE,
  s3Store,
  setPhoto,
} from "#server/test/test-stores.ts";
import { avatarUrl } from "#shared/photo-url.ts";

/**
 * The profile-photo flow, the same on either store: upload, set, serve, replace, refuse, delete.
 * What only one store does is tested beside it (routes.test.ts: local disk, s3.test.ts: S3).
 */
const stores: PhotoStore[] = [localStore(), await s3Store()];
afterAll(() => Promise.all(stores.map((store) => store.close())));

for (const store of stores) {
  describeEachDatabase(
    `profile photo on the ${store.name} store`,
    (ctx) => {
      it("uploads, sets and serves a photo, shown on the user and on the public pay page", async () => {
        const user = await createReadyUser(ctx.app);
        const call = as(ctx.app, user);
        const uploadURL = await newUploadUrl(ctx.app, user);
        const key = store.keyOf(uploadURL);
        expect(key).toMatch(/^incoming\/[\w-]+\/[0-9a-f-]{36}$/);
        // The key names its owner by a tag, never by the internal user id.
        expect(uploadURL).not.toContain((await call("GET", "/api/auth/user")).json().id);
        expect(await store.put(ctx.app, uploadURL, PNG)).toBe(200);
        expect(await store.exists(key)).toBe(true);

        const set = await call("PUT", "/api/profile/photo", { photoURL: uploadURL });
        expect(set.statusCode, set.body).toBe(200);
        const { objectPath } = set.json();
        expect(objectPath).toBe(`/objects/${publishedKey(key)}`);
        // Re-encoded beside its resized versions: nothing left waiting under incoming/.
        expect(await store.exists(key)).toBe(false);
        for (const suffix of ["", "-96", "-192", "-card"])
          expect(await store.exists(`${publishedKey(key)}${suffix}`)).toBe(true);
        expect((await call("GET", "/api/auth/user")).json()).toMatchObject({ photo: objectPath });

        const served = await getObject(ctx.app, objectPath);
        expectServedSafely(served, "image/webp");
        expect(served.headers["content-length"]).toBe(String(served.rawPayload.length));
        expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
        for (const size of [96, 192] as const) {
          const avatar = await getObject(ctx.app, avatarUrl(objectPath, size));
          expectServedSafely(avatar, "image/webp");
          expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ width: size, height: size });
        }

        const created = await call("POST", "/api/payment-requests", {
          recipientName: "Alex",
          recipientPhone: "2125550101",
          amount: "5.00",
        });
        expect(created.statusCode, created.body).toBe(201);
        const code = (created.json().request.shortUrl as string).split("/").pop();
        const screen = await ctx.app.inject({
          method: "GET",
          url: `/api/payment-screen/${code}`,
          remoteAddress: nextIp(),
        });
        expect(screen.statusCode).toBe(200);
        expect(screen.json().requester).toMatchObject({ name: "Test User", photo: objectPath });
      });

      it("accepts the objectPath itself as photoURL, and setting the same photo twice keeps it", async () => {
        const user = await createReadyUser(ctx.app);
        const { key, objectPath } = await setPhoto(store, ctx.app, user);
        const again = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: objectPath });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toEqual({ objectPath });
        expect(await store.exists(key)).toBe(true);
        expect((await getObject(ctx.app, objectPath)).statusCode).toBe(200);
      });

      it("refuses a PNG signature on garbage, declared as HTML, when it is set, and never serves it", async () => {
        const user = await createReadyUser(ctx.app);
        const uploadURL = await newUploadUrl(ctx.app, user, PNG_ON_GARBAGE);
        expect(await store.put(ctx.app, uploadURL, PNG_ON_GARBAGE, "text/html")).toBe(200);
        const set = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
        expect(set.statusCode, set.body).toBe(400);
        expect(set.json().message).toMatch(/^photoURL: /);
        expect(await store.exists(store.keyOf(uploadURL))).toBe(false);
        const key = publishedKey(store.keyOf(uploadURL));
        expect((await getObject(ctx.app, `/objects/${key}`)).statusCode).toBe(404);
      });

      it("serves a photo set before its versions were made in their place", async () => {
        const key = `uploads/ownertag0/${crypto.randomUUID()}`;
        await store.plant(key, PNG);
        for (const size of [96, 192] as const) {
          const served = await getObject(ctx.app, avatarUrl(`/objects/${key}`, size));
          expectServedSafely(served, "image/png");
          expect(served.rawPayload.equals(PNG)).toBe(true);
        }
        expect((await getObject(ctx.app, `/objects/${key}-other`)).statusCode).toBe(404);
      });

      it("refuses another user's upload with 403, leaving both users' photos alone", async () => {
        const alice = await createReadyUser(ctx.app);
        const bob = await createReadyUser(ctx.app);
        const { uploadURL, key, objectPath } = await setPhoto(store, ctx.app, alice);
        for (const photoURL of [uploadURL, objectPath, `${TEST_ORIGIN}${objectPath}`]) {
          const response = await as(ctx.app, bob)("PUT", "/api/profile/photo", { photoURL });
          expect(response.statusCode, photoURL).toBe(403);
          expect(response.json()).toEqual({
            message: "That upload belongs to someone else.",
            code: "forbidden",
          });
        }
        expect((await as(ctx.app, bob)("GET", "/api/auth/user")).json().photo).toBeNull();
        expect((await as(ctx.app, alice)("GET", "/api/auth/user")).json().photo).toBe(objectPath);
        expect(await store.exists(key)).toBe(true);

        // Alice's not-yet-used upload is hers only, too.
        const fresh = await newUploadUrl(ctx.app, alice);
        expect(await store.put(ctx.app, fresh, PNG)).toBe(200);
        expect((await as(ctx.app, bob)("PUT", "/api/profile/photo", { photoURL: fresh })).statusCode).toBe(
          403,
        );
        expect(await store.exists(store.keyOf(fresh))).toBe(true);
      });

      it("refuses photo URLs outside our storage with 400 {message}, even for the user's own key", async () => {
        const user = await createReadyUser(ctx.app);
        const uploadURL = await newUploadUrl(ctx.app, user);
        expect(await store.put(ctx.app, uploadURL, PNG)).toBe(200);
        const key = store.keyOf(uploadURL);
        const { pathname, search, port } = new URL(uploadURL);
        for (const photoURL of [
          "/etc/passwd",
          `https://evil.example/api/uploads/${key}`,
          `https://evil.example${pathname}${search}`,
          `http://127.0.0.1:${Number(port) + 1}${pathname}`,
          `https://localhost:3000${pathname}`,
          "not a url",
          "../../x",
          `../../${key.replace(/[0-9a-f]{8}-/, "zzzzzzzz-")}`,
          `/objects/${key}x`,
          `/objects/${key.split("/").slice(0, 2).join("/")}`,
          "javascript:alert(1)",
          "data:image/png;base64,iVBORw0KGgo=",
          "",
        ]) {
          const response = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL });
          expect(response.statusCode, photoURL).toBe(400);
          expect(response.json().message, photoURL).toMatch(/^photoURL: /);
        }
        for (const body of [{}, { photoURL: 42 }, { photoURL: uploadURL, extra: 1 }]) {
          expect((await as(ctx.app, user)("PUT", "/api/profile/photo", body)).statusCode).toBe(400);
        }
        expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBeNull();
        // Our own origin with the key (the objectPath form) is fine.
        const own = await as(ctx.app, user)("PUT", "/api/profile/photo", {
          photoURL: `${TEST_ORIGIN}/objects/${key}`,
        });
        expect(own.statusCode, own.body).toBe(200);
      });

      it("refuses one of the user's own keys that was never uploaded with 400", async () => {
        const user = await createReadyUser(ctx.app);
        const never = await newUploadUrl(ctx.app, user);
        const missing = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: never });
        expect(missing.statusCode, missing.body).toBe(400);
        expect(missing.json().message).toMatch(/not found/);
        expect((await getObject(ctx.app, `/objects/${store.keyOf(never)}`)).statusCode).toBe(404);
        expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBeNull();
      });

      it("deletes the previous photo when a new one is set", async () => {
        const user = await createReadyUser(ctx.app);
        const first = await setPhoto(store, ctx.app, user, PNG);
        expect((await getObject(ctx.app, first.objectPath)).statusCode).toBe(200);
        const second = await setPhoto(store, ctx.app, user, GIF);
        expect(second.objectPath).not.toBe(first.objectPath);
        expect((await getObject(ctx.app, first.objectPath)).statusCode).toBe(404);
        expect(await store.exists(first.key)).toBe(false);
        expect(await store.exists(second.key)).toBe(true);
        expect((await as(ctx.app, user)("GET", "/api/auth/user")).json().photo).toBe(second.objectPath);
        // The resized versions go with it.
        for (const size of [96, 192] as const)
          expect((await getObject(ctx.app, avatarUrl(first.objectPath, size))).statusCode).toBe(404);
        expect(await store.exists(`${first.key}-card`)).toBe(false);
        expectServedSafely(await getObject(ctx.app, second.objectPath), "image/webp");
        // The old URL cannot be set again.
        const back = await as(ctx.app, user)("PUT", "/api/profile/photo", { photoURL: first.uploadURL });
        expect(back.statusCode).toBe(400);
      });

      it("removes every upload of a deleted account, and no one else's", async () => {
        const user = await createReadyUser(ctx.app);
        const other = await createReadyUser(ctx.app);
        const current = await setPhoto(store, ctx.app, user);
        // An upload never set as the photo: only the owner tag in its key ties it to the user.
        const spareUrl = await newUploadUrl(ctx.app, user);
        expect(await store.put(ctx.app, spareUrl, PNG)).toBe(200);
        const spare = store.keyOf(spareUrl);
        const kept = await setPhoto(store, ctx.app, other);
        expect(await store.exists(spare)).toBe(true);
        const gone = await as(ctx.app, user)("DELETE", "/api/account", { password: user.password });
        expect(gone.statusCode, gone.body).toBe(204);
        expect(await store.exists(current.key)).toBe(false);
        expect(await store.exists(spare)).toBe(false);
        expect(await store.exists(kept.key)).toBe(true);
      });

      it("serves nothing but stored images under /objects/: 404 for traversal, junk and non-images", async () => {
        const user = await createReadyUser(ctx.app);
        const { key } = await setPhoto(store, ctx.app, user);
        // A non-image under a well-formed key (say, restored from a backup), and a stray file.
        const planted = `${key.split("/").slice(0, 2).join("/")}/11111111-2222-4333-8444-555555555555`;
        await store.plant(planted, HTML);
        await store.plant("notes.txt", Buffer.from("hello"));
        for (const url of [
          "/objects/uploads/../../etc/passwd",
          "/objects/uploads/%2e%2e/%2e%2e/etc/passwd",
          "/objects/uploads%2F..%2F..%2Fetc%2Fpasswd",
          "/objects/whatever",
          "/objects/notes.txt",
          "/objects/",
          "/objects",
          `/objects/${key}/`,
          `/objects/${key}.png`,
          `/objects/${key.toUpperCase()}`,
          "/objects/uploads/aaaaaaaaaaaaaaaaaaaaaa/00000000-0000-4000-8000-000000000000",
          `/objects/${planted}`,
        ]) {
          const response = await getObject(ctx.app, url);
          expect(response.statusCode, url).toBe(404);
          expect(response.headers["content-type"], url).toMatch(/^application\/json/);
        }
      });
    },
    store.config,
  );
}
