import { eq } from "drizzle-orm";
import { PROVIDERS } from "../../../shared/providers";
import type { PaymentAccount } from "../../../shared/schemas/payment-account";
import type { Db } from "../../db/client";
import { paymentAccounts } from "../../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The caller's accounts, in the providers' display order. */
export async function listPaymentAccounts(db: Db | Tx, userId: string): Promise<PaymentAccount[]> {
  const rows = await db
    .select({ provider: paymentAccounts.provider, accountHandle: paymentAccounts.accountHandle })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, userId));
  return rows.sort((a, b) => PROVIDERS.indexOf(a.provider) - PROVIDERS.indexOf(b.provider));
}

/** Replaces the caller's whole set (spec §7 POST /api/payment-accounts), inside the given transaction. */
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
