import { and, eq, like, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { verifications } from "#server/db/schema.ts";

// Password-reset links as better-auth keeps them: rows of its verification table named
// "reset-password:<token>" and valued with the user id. Account routes and the auth options both
// void them, so they live beside the rest of better-auth's configuration.

/**
 * Makes every password-reset link of the user stop working but the one with `keepToken`
 * (better-auth keeps them as "reset-password:<token>" rows valued with the user id).
 */
export async function voidResetTokens(db: Db, userId: string, keepToken?: string): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, "reset-password:%"),
        keepToken ? ne(verifications.identifier, `reset-password:${keepToken}`) : undefined,
      ),
    );
}

/** Whether a reset link would still set a password: its row is there and has not expired. */
export async function resetTokenLive(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1);
  return row !== undefined && row.expiresAt > new Date();
}

/** One reset link stops working (one that was never sent). */
export async function dropResetToken(db: Db, token: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, `reset-password:${token}`));
}
