import { eq } from "drizzle-orm";
import { PROVIDERS } from "../../../shared/providers";
import type { PaymentAccount } from "../../../shared/schemas/payment-account";
import type { Db } from "../../db/client";
import { paymentAccounts } from "../../db/schema";
import { replacePaymentAccounts, type Tx } from "../../db/shared-queries";

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
