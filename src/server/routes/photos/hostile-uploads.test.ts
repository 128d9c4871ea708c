import { eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#server/db/client.ts";
import { limitCounters, users } from "#server/db/schema.ts";
import type { ImageLimits } from "#server/limits.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import { MAX_PHOTO_BYTES } from "#server/storage/object-storage.ts";
import { publishedKey } from "#server/storage/photo-keys.ts";
import {
  appsOnFreshDatabase,
  as,
  buildTestApp,
  createReadyUser,
  databaseKinds,
  freshDatabase,
  nextIp,
  retryAfterSeconds,
  TEST_ORIGIN,
  TEST_SECRET,
  type TestUser,
  tempDir,
} from "#server/test/harness.ts";
import { bombPng } from "#server/test/image-bombs.ts";
import { startMailServer } from "#server/test/mail-server.ts";
import { getObject, localStore } from "#server/test/test-stores.ts";
import { sweepUnsetUploads, UNSET_UPLOAD_MAX_AGE_MS } from "./sweeper";

/**
 * A photo that claims 20000 x 20000 pixels froze the server when its card was drawn
 * (F1), and three free accounts put 150 MB on disk in 8 s (F7). Local disk, where an upload link
 * is counted as a whole photo (its size is not signed into the URL).
 */
const store = localStore();
const mail = await startMailServer();
afterAll(async () => {
  await store.close();
  await mail.close();
});

const uploadLink = (app: FastifyInstance, user: TestUser) =>
  as(app, user)("POST", "/api/profile/photo/upload", { size: 1000 });

describe.each(databaseKinds)("hostile photos and uploads [%s]", (kind) => {
  const fresh = appsOnFreshDatabase(kind);
  /** An app of its own, with `imageLimits` lowered. */
  const appWith = (imageLimits: Partial<ImageLimits> = {}) => fresh.appWith(store.config, { imageLimits });

  it("refuses a photo claiming 20000 x 20000 pixels when it is set, naming the problem, and keeps nothing", async () => {
    const app = await appWith();
    const user = await createReadyUser(app);
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(64 * 1024);
    const uploadURL = (await uploadLink(app, user)).json().uploadURL as string;
    expect(await store.put(app, uploadURL, bomb)).toBe(200);
    const set = await as(app, user)("PUT", "/api/profile/photo", { photoURL: uploadURL });
    expect(set.statusCode, set.body).toBe(400);
    expect(set.json().message).toMatch(
      /^photoURL: the image is 20000×20000 pixels; a photo can be at most \d+ pixels a side/,
    );
    expect(await store.exists(store.keyOf(uploadURL))).toBe(false);
    expect((await getObject(app, `/objects/${publishedKey(store.keyOf(uploadURL))}`)).statusCode).toBe(404);
    expect((await as(app, user)("GET", "/api/auth/user")).json().photo).toBeNull();
  });

  it("bounds upload bytes per account, per address and in all (429 with Retry-After)", async () => {
    // The total is everyone's, shared with this database's other tests: start it from zero.
    await fresh.database().db.delete(limitCounters).where(like(limitCounters.key, "%uploadBytesTotal%"));
    // Small enough to reach: two photos an account, three an address, five in all.
    const app = await appWith({
      uploadBytesPerAccount: 2 * MAX_PHOTO_BYTES,
      uploadBytesPerAddress: 3 * MAX_PHOTO_BYTES,
      uploadBytesTotal: 5 * MAX_PHOTO_BYTES,
    });
    const [a, b, c, d] = (await Promise.all([1, 2, 3, 4].map(() => createReadyUser(app)))) as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    const refused = (response: Awaited<ReturnType<typeof uploadLink>>) => {
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json().message).toMatch(/photo uploads/);
      expect(retryAfterSeconds(response)).toBeGreaterThan(0);
    };
    // The account: two photos' worth.
    for (let i = 0; i < 2; i++) expect((await uploadLink(app, a)).statusCode).toBe(200);
    refused(await uploadLink(app, a));
    // The address: a second account from the same address gets one more, not two.
    const bFromA = { ...b, ip: a.ip };
    expect((await uploadLink(app, bFromA)).statusCode).toBe(200);
    refused(await uploadLink(app, bFromA));
    // From its own address, that account still has its second.
    expect((await uploadLink(app, b)).statusCode).toBe(200);
    // Everyone: five photos' worth, whatever the accounts and addresses.
    expect((await uploadLink(app, c)).statusCode).toBe(200);
    refused(await uploadLink(app, d));
    refused(await uploadLink(app, { ...d, ip: nextIp() }));
  });

  it("sweeps an upload left unset within minutes, not an hour", async () => {
    expect(UNSET_UPLOAD_MAX_AGE_MS).toBeLessThanOrEqual(15 * 60 * 1000);
    const now = Date.now();
    // The default, on a store of its own: an upload goes within 16 minutes.
    const own = createLocalStorage({
      root: tempDir("collect-sweep-"),
      publicUrl: TEST_ORIGIN,
      secret: TEST_SECRET,
    });
    const uploadURL = await own.createUploadUrl(`incoming/ownertag0/${crypto.randomUUID()}`);
    const oldKey = /incoming\/.+$/.exec(new URL(uploadURL).pathname)?.[0] as string;
    const file = await own.openForWrite(oldKey);
    await file.handle.close();
    expect(await sweepUnsetUploads(own, now + 60_000)).toBe(0);
    expect(await sweepUnsetUploads(own, now + 16 * 60 * 1000)).toBe(1);
    expect(await own.head(oldKey, 1)).toBeNull();
    // The app's own sweeper runs by itself (here every 100 ms, for uploads 300 ms old).
    await appWith({ sweepEveryMs: 100, unsetUploadMaxAgeMs: 300 });
    const key = `incoming/ownertag0/${crypto.randomUUID()}`;
    await store.plant(key, Buffer.from("unset"));
    await vi.waitFor(async () => expect(await store.exists(key)).toBe(false), {
      timeout: 5000,
      interval: 50,
    });
  });
});

describe.each(databaseKinds)("photo uploads where mail is configured [%s]", (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    app = await buildTestApp(database, {
      ...store.config,
      mail: { smtpUrl: mail.url, from: "Collect <no-reply@example.com>" },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("takes uploads only from confirmed email addresses", async () => {
    const user = await createReadyUser(app);
    const unconfirmed = await uploadLink(app, user);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({
      message: "Please confirm your email address before uploading a photo.",
      code: "forbidden",
    });
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, user.email));
    expect((await uploadLink(app, user)).statusCode).toBe(200);
  });
});
