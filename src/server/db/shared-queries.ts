import { eq, sql } from "drizzle-orm";
import type { PaymentAccount } from "../../shared/schemas/payment-account";
import type { Db } from "./client";
import { paymentAccounts, users } from "./schema";

/**
 * The only data access more than one feature needs. Each feature keeps the rest of its SQL in
 * its own queries.ts and never imports another feature's (docs/decisions/014).
 */

/** A transaction handed to a query that must run inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The name a requester goes by on payment pages and in texts: the profile name, else the
 * sign-up name, else "Someone". Used by the pay page and by request and reminder texts.
 */
export const displayNameSql = sql<string>`coalesce(nullif(${users.profileName}, ''), nullif(${users.name}, ''), 'Someone')`;

/**
 * Replaces the caller's whole set of payment accounts inside the given transaction: by
 * Payment methods, and by Setup together with the profile name (docs/product.md#setup).
 */
export async function replacePaymentAccounts(
  tx: Tx,
  userId: string,
  accounts: PaymentAccount[],
): Promise<void> {
  await tx.delete(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  if (accounts.length > 0) {
    await tx.insert(paymentAccounts).values(accounts.map((a) => ({ ...a, userId })));
  }
}
