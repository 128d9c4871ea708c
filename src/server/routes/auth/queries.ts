import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { replacePaymentAccounts } from "#server/db/shared-queries.ts";
import type { ProfileInput, SetupInput, User } from "#shared/schemas/user.ts";

const userColumns = {
  id: users.id,
  email: users.email,
  profileName: users.profileName,
  firstName: users.firstName,
  lastName: users.lastName,
  photo: users.photo,
};

export async function findUser(db: Db, userId: string): Promise<User | undefined> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  return user;
}

/** Setup (docs/product.md#setup): the profile name and the first payment accounts, all or nothing. */
export async function completeSetup(db: Db, userId: string, input: SetupInput): Promise<User | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ profileName: input.profileName })
      .where(eq(users.id, userId))
      .returning(userColumns);
    await replacePaymentAccounts(tx, userId, input.paymentAccounts);
    return user;
  });
}

/** Only the three profile fields; email and everything else are not writable (docs/product.md#profile). */
export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ profileName: input.profileName, firstName: input.firstName, lastName: input.lastName })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return user;
}
