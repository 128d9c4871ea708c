import { scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { hash, verify } from "@node-rs/argon2";
import type { HashCost } from "#server/env.ts";
import type { HashQueue } from "./hash-queue";

export { type HashCost, PRODUCTION_HASH_COST } from "#server/env.ts";

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** The argon2id PHC prefix a hash made with this cost starts with. */
function argonPrefix(cost: HashCost): string {
  return `$argon2id$v=19$m=${cost.memoryKib},t=${cost.iterations},p=1$`;
}

/**
 * Password hashing for better-auth: argon2id at the configured cost, every hash and check
 * through one bounded queue so a flood of sign-ins cannot take libuv's threads from static
 * files, photos and the database driver. Old `scrypt$N$r$p$salt$hash` hashes still verify.
 */
export function createPasswordHasher(cost: HashCost, queue: HashQueue) {
  const options = { memoryCost: cost.memoryKib, timeCost: cost.iterations, parallelism: 1 };
  const prefix = argonPrefix(cost);
  return {
    hash: (password: string) => queue.run(() => hash(password.normalize("NFKC"), options)),
    verify: ({ hash: stored, password }: { hash: string; password: string }) =>
      queue.run(() =>
        stored.startsWith("scrypt$")
          ? verifyScrypt(stored, password)
          : verify(stored, password.normalize("NFKC")).catch(() => false),
      ),
    /** True when a stored hash was made with another algorithm or cost: rehash at the next sign-in. */
    isOutdated: (stored: string) => !stored.startsWith(prefix),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/** The format used before argon2id: scrypt with its parameters in the hash. */
async function verifyScrypt(stored: string, password: string): Promise<boolean> {
  const [, n, r, p, salt, key] = stored.split("$");
  if (!salt || !key) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(key, "base64");
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below that for N=2^17.
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
    ...params,
    maxmem: 256 * params.N * params.r,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
