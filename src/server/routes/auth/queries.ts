import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { replacePaymentAccounts } from "#server/db/shared-queries.ts";
import type { Provider } from "#shared/providers.ts";
import { DEFAULT_COUNTRY, homeCurrencyOf, type RegionInput } from "#shared/region.ts";
import type { ProfileInput, SetupInput, User } from "#shared/schemas/user.ts";

const userColumns = {
  id: users.id,
  email: users.email,
  profileName: users.profileName,
  firstName: users.firstName,
  lastName: users.lastName,
  photo: users.photo,
  country: users.country,
  language: users.language,
  currency: users.currency,
  methodOrder: users.methodOrder,
};

type UserRow = Omit<User, "country" | "currency" | "methodOrder"> & {
  country: string | null;
  currency: string | null;
  methodOrder: string[] | null;
};

/** The account as answered: a region never chosen reads as the spec's US, in its country's currency. */
function answered(row: UserRow | undefined): User | undefined {
  if (!row) return undefined;
  const { methodOrder, ...rest } = row;
  const country = rest.country ?? DEFAULT_COUNTRY;
  return {
    ...rest,
    country,
    currency: rest.currency ?? homeCurrencyOf(country),
    // Only once chosen: an account that never ordered its methods answers as it always did.
    ...(methodOrder ? { methodOrder: methodOrder as Provider[] } : {}),
  };
}

/** The region fields a setup or profile call sent: each changes only when sent. */
const regionOf = ({ country, language, currency }: RegionInput) =>
  Object.fromEntries(
    Object.entries({ country, language, currency }).filter(([, value]) => value !== undefined),
  );

export async function findUser(db: Db, userId: string): Promise<User | undefined> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  return answered(user);
}

/** Setup (docs/product.md#setup): the profile name and the first payment accounts, all or nothing. */
export async function completeSetup(db: Db, userId: string, input: SetupInput): Promise<User | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ profileName: input.profileName, ...regionOf(input) })
      .where(eq(users.id, userId))
      .returning(userColumns);
    await replacePaymentAccounts(tx, userId, input.paymentAccounts);
    return answered(user);
  });
}

/**
 * The three profile fields and, when sent, the region; email and everything else are not
 * writable (docs/product.md#profile).
 */
export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({
      profileName: input.profileName,
      firstName: input.firstName,
      lastName: input.lastName,
      ...regionOf(input),
    })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return answered(user);
}
