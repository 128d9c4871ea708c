/** argon2id cost: memory in KiB and passes (OWASP: m=19 MiB, t=2, p=1). Configured in env.ts. */
export type HashCost = { memoryKib: number; iterations: number };
/**
 * The default cost, in a module of its own: env.ts reads it at start-up without loading the
 * argon2 binding (auth/password.ts), which the app loads beside the database (docs/decisions/017).
 */
export const PRODUCTION_HASH_COST: HashCost = { memoryKib: 19_456, iterations: 2 };
