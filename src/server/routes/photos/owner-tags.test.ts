import { createHmac, randomUUID } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { ownerTag } from "#server/storage/photo-keys.ts";
import { as, createReadyUser, describeEachDatabase, TEST_ORIGIN, TEST_SECRET } from "#server/test/harness.ts";
import { localStore, PNG } from "#server/test/test-stores.ts";

/** The owner tag as photo-keys.ts made it before lib/signed-token.ts: keys in storage still carry it. */
const tagBefore = (userId: string) =>
  createHmac("sha256", TEST_SECRET).update(`photo-owner:${userId}`).digest("base64url").slice(0, 22);

const store = localStore();
afterAll(() => store.close());

describeEachDatabase(
  "photos stored under the owner tag made before the one signing module",
  (ctx) => {
    it("are still their owner's: set as the photo, and removed with the account", async () => {
      const user = await createReadyUser(ctx.app);
      const other = await createReadyUser(ctx.app);
      const call = as(ctx.app, user);
      const id = (await call("GET", "/api/auth/user")).json().id as string;
      const old = tagBefore(id);
      expect(old).not.toBe(ownerTag(TEST_SECRET, id));
      // An upload made just before the upgrade, and a photo set long before it.
      const waiting = `incoming/${old}/${randomUUID()}`;
      const earlier = `uploads/${old}/${randomUUID()}`;
      await store.plant(waiting, PNG);
      await store.plant(earlier, PNG);
      const photoURL = `${TEST_ORIGIN}/api/uploads/${waiting}`;

      const stranger = await as(ctx.app, other)("PUT", "/api/profile/photo", { photoURL });
      expect(stranger.statusCode).toBe(403);
      const set = await call("PUT", "/api/profile/photo", { photoURL });
      expect(set.statusCode, set.body).toBe(200);
      const published = set.json().objectPath.replace(/^\/objects\//, "") as string;
      expect(published.startsWith(`uploads/${old}/`)).toBe(true);
      // A new upload goes under the new tag.
      const fresh = await call("POST", "/api/profile/photo/upload", { size: PNG.length });
      expect(store.keyOf(fresh.json().uploadURL).split("/")[1]).toBe(ownerTag(TEST_SECRET, id));
      expect(await store.put(ctx.app, fresh.json().uploadURL, PNG)).toBe(200);

      const gone = await call("DELETE", "/api/account", { password: user.password });
      expect(gone.statusCode, gone.body).toBe(204);
      for (const key of [published, earlier, store.keyOf(fresh.json().uploadURL)])
        expect(await store.exists(key), key).toBe(false);
    });
  },
  store.config,
);
