import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { paymentAccounts } from "#server/db/schema.ts";
import { replacePaymentAccounts, type Tx } from "#server/db/shared-queries.ts";
import { PROVIDERS } from "#shared/providers.ts";
import type { PaymentAccount } from "#shared/schemas/payment-account.ts";

/** The caller's accounts, in the providers' display order. */
export async function listPaymentAccounts(db: Db | Tx, userId: string): Promise<PaymentAccount[]> {
  const rows = await db
    .select({ provider: paymentAccounts.provider, accountHandle: paymentAccounts.accountHandle })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, userId));
  return rows.sort((a, b) => PROVIDERS.indexOf(a.provider) - PROVIDERS.indexOf(b.provider));
}

/** Replaces the caller's whole set and answers it, all or nothing (docs/product.md#payment-accounts). */
export function savePaymentAccounts(
  db: Db,
  userId: string,
  accounts: PaymentAccount[],
): Promise<PaymentAccount[]> {
  return db.transaction(async (tx) => {
    await replacePaymentAccounts(tx, userId, accounts);
    return listPaymentAccounts(tx, userId);
  });
}
