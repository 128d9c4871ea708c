import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";

/** Sets the caller's photo and returns the one it replaced. */
export async function replacePhoto(db: Db, userId: string, objectPath: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photo: users.photo })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    await tx.update(users).set({ photo: objectPath }).where(eq(users.id, userId));
    return current?.photo ?? null;
  });
}

/** The caller's current photo path, or null. */
export async function currentPhoto(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ photo: users.photo }).from(users).where(eq(users.id, userId));
  return row?.photo ?? null;
}
