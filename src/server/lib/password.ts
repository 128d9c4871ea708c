import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt cost: N=2^17, r=8, p=1 (OWASP's recommendation; better-auth's default is 2^14). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

/** Stored as `scrypt$N$r$p$salt$hash` so a future cost change still verifies old hashes. */
export async function hashPassword(password: string, params = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password.normalize("NFKC"), salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [tag, n, r, p, salt, key] = hash.split("$");
  if (tag !== "scrypt" || !salt || !key) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(
    password.normalize("NFKC"),
    Buffer.from(salt, "base64"),
    params,
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  length = KEY_LENGTH,
) {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below that for N=2^17.
  return scrypt(password, salt, length, { ...params, maxmem: 256 * params.N * params.r });
}
