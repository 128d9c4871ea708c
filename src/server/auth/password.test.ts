import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, users } from "#server/db/schema.ts";
import { createUser, describeEachDatabase, signIn } from "#server/test/harness.ts";
import { createHashQueue, HashQueueFull } from "./hash-queue";
import { createPasswordHasher, PRODUCTION_HASH_COST } from "./password";

/** A hash in the format used before argon2id (cheap N so the test stays fast). */
function scryptHash(password: string, N = 2 ** 10): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N, r: 8, p: 1 });
  return ["scrypt", N, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("password hasher", () => {
  it("hashes with argon2id at OWASP's cost in production, and verifies", async () => {
    const hasher = createPasswordHasher(PRODUCTION_HASH_COST, createHashQueue());
    const hash = await hasher.hash("correct horse battery");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify({ hash, password: "correct horse battery" })).toBe(true);
    expect(await hasher.verify({ hash, password: "correct horse batterY" })).toBe(false);
    expect(hasher.isOutdated(hash)).toBe(false);
  });

  it("still verifies the old scrypt hashes, and marks them and cheaper hashes outdated", async () => {
    const hasher = createPasswordHasher(PRODUCTION_HASH_COST, createHashQueue());
    const old = scryptHash("correct horse battery");
    expect(await hasher.verify({ hash: old, password: "correct horse battery" })).toBe(true);
    expect(await hasher.verify({ hash: old, password: "wrong" })).toBe(false);
    expect(await hasher.verify({ hash: "garbage", password: "wrong" })).toBe(false);
    expect(hasher.isOutdated(old)).toBe(true);
    const cheap = await createPasswordHasher({ memoryKib: 64, iterations: 1 }, createHashQueue()).hash("x");
    expect(hasher.isOutdated(cheap)).toBe(true);
  });

  it("treats a password typed in composed or decomposed Unicode as the same password", async () => {
    const hasher = createPasswordHasher({ memoryKib: 64, iterations: 1 }, createHashQueue());
    const composed = "caf\u00e9 cr\u00e8me br\u00fbl\u00e9e";
    const decomposed = composed.normalize("NFD");
    expect(decomposed).not.toBe(composed);
    for (const [typed, later] of [
      [composed, decomposed],
      [decomposed, composed],
    ]) {
      const hash = await hasher.hash(typed as string);
      expect(await hasher.verify({ hash, password: later as string })).toBe(true);
    }
    expect(await hasher.verify({ hash: scryptHash(composed), password: decomposed })).toBe(true);
  });

  it("runs at most `concurrency` tasks and refuses past `maxWaiting`", async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 1 });
    let release = () => {};
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = queue.run(async () => "second");
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    await expect(queue.run(async () => "third")).rejects.toBeInstanceOf(HashQueueFull);
    release();
    await first;
    expect(await second).toBe("second");
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});

describeEachDatabase("rehash at sign-in", (ctx) => {
  it("replaces an old scrypt hash with argon2id at the next successful sign-in", async () => {
    const user = await createUser(ctx.app);
    const [row] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    const stored = () =>
      ctx.database.db
        .select({ password: accounts.password })
        .from(accounts)
        .where(eq(accounts.userId, row?.id as string))
        .then((rows) => rows[0]?.password ?? "");
    await ctx.database.db
      .update(accounts)
      .set({ password: scryptHash(user.password) })
      .where(eq(accounts.userId, row?.id as string));

    expect((await signIn(ctx.app, user.email, "wrong password!")).statusCode).toBe(401);
    expect(await stored()).toMatch(/^scrypt\$/);
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
  });
});
