import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { paymentAccounts, users } from "#server/db/schema.ts";
import { replacePaymentAccounts, type Tx } from "#server/db/shared-queries.ts";
import { PROVIDERS, type Provider } from "#shared/providers.ts";
import { parseBic } from "#shared/rails/sepa.ts";
import type { PaymentAccount } from "#shared/schemas/payment-account.ts";

/** An account as answered: a bank transfer's holder and BIC only where set, so the spec's five answer as they always did. */
function answered(row: {
  provider: PaymentAccount["provider"];
  accountHandle: string;
  holderName: string | null;
  bic: string | null;
}): PaymentAccount {
  const { provider, accountHandle, holderName, bic } = row;
  return { provider, accountHandle, ...(holderName ? { holderName } : {}), ...(bic ? { bic } : {}) };
}

/** The caller's accounts, in the providers' display order. */
export async function listPaymentAccounts(db: Db | Tx, userId: string): Promise<PaymentAccount[]> {
  const rows = await db
    .select({
      provider: paymentAccounts.provider,
      accountHandle: paymentAccounts.accountHandle,
      holderName: paymentAccounts.holderName,
      bic: paymentAccounts.bic,
    })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, userId));
  return rows.map(answered).sort((a, b) => PROVIDERS.indexOf(a.provider) - PROVIDERS.indexOf(b.provider));
}

/**
 * What a row keeps: a bank transfer's holder and BIC (the BIC as banks write it, upper case
 * without spaces), nothing of them for any other provider (docs/decisions/032-payment-rails.md).
 */
function stored(account: PaymentAccount): PaymentAccount {
  if (account.provider !== "sepa")
    return { provider: account.provider, accountHandle: account.accountHandle };
  const bic = account.bic ? (parseBic(account.bic) ?? account.bic) : null;
  return { ...account, holderName: account.holderName?.trim() ?? null, bic };
}

/** Replaces the caller's whole set and answers it, all or nothing (docs/product.md#payment-accounts). */
export function savePaymentAccounts(
  db: Db,
  userId: string,
  accounts: PaymentAccount[],
): Promise<PaymentAccount[]> {
  return db.transaction(async (tx) => {
    await replacePaymentAccounts(tx, userId, accounts.map(stored));
    return listPaymentAccounts(tx, userId);
  });
}

/** The pay page's order of the caller's methods (shared/providers.ts payPageOrder); null: the spec's. */
export async function saveMethodOrder(db: Db, userId: string, order: Provider[] | null): Promise<void> {
  await db.update(users).set({ methodOrder: order }).where(eq(users.id, userId));
}
