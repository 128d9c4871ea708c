import { Readable } from "node:stream";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  notificationSettings,
  passkeys,
  payees,
  paymentAccounts,
  paymentRequests,
  pushSubscriptions,
  users,
} from "#server/db/schema.ts";
import { listSessions } from "./queries";

/** Rows read at a time from the lists that grow without bound (requests, contacts). */
const BATCH = 1000;

type Keyed = { id: string; k: string };

/**
 * A list read `BATCH` rows at a time along an index, keyset on (k, id): `page` answers the rows
 * after the given key (or the first ones); each is yielded without its id and key.
 */
async function* batches<T extends Keyed>(page: (after?: Keyed) => Promise<T[]>): AsyncGenerator<object[]> {
  let after: Keyed | undefined;
  while (true) {
    const rows = await page(after);
    if (rows.length > 0) yield rows.map(({ id: _id, k: _k, ...row }) => row);
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    after = { id: last.id, k: last.k };
  }
}

/** Every request, newest first, along payment_request_user_created_id_idx. */
function allRequests(db: Db, userId: string) {
  // The timestamp as PostgreSQL's own text: exact to the microsecond, where a Date keeps ms.
  const at = sql<string>`${paymentRequests.createdAt}::text`;
  return batches((after) =>
    db
      .select({
        id: paymentRequests.id,
        k: at,
        code: paymentRequests.code,
        recipientName: paymentRequests.recipientName,
        recipientPhone: paymentRequests.recipientPhone,
        payerEmail: paymentRequests.payerEmail,
        amount: paymentRequests.amount,
        description: paymentRequests.description,
        dueDate: paymentRequests.dueDate,
        status: paymentRequests.status,
        createdAt: paymentRequests.createdAt,
        viewedAt: paymentRequests.viewedAt,
        paidAt: paymentRequests.paidAt,
      })
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.userId, userId),
          after
            ? sql`(${paymentRequests.createdAt}, ${paymentRequests.id}) < (${after.k}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
      .limit(BATCH),
  );
}

/** Every contact by name, along payee_user_name_idx. */
function allContacts(db: Db, userId: string) {
  const name = sql<string>`lower(${payees.name})`;
  return batches((after) =>
    db
      .select({
        id: payees.id,
        k: name,
        name: payees.name,
        phone: payees.phone,
        email: payees.email,
        createdAt: payees.createdAt,
      })
      .from(payees)
      .where(
        and(
          eq(payees.userId, userId),
          after ? sql`(${name}, ${payees.id}) > (${after.k}, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(name), asc(payees.id))
      .limit(BATCH),
  );
}

/** A value as JSON.stringify(value, null, 2) writes it, `depth` levels in. */
const indented = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replaceAll("\n", `\n${"  ".repeat(depth)}`);

/**
 * `{ key: value, … }` as JSON text, written as the client takes it: a value that is an async
 * iterable of batches is written as an array a batch at a time, so memory stays flat at any
 * history size. The text is what JSON.stringify(…, null, 2) would give.
 */
async function* jsonObject(entries: [string, unknown][]): AsyncGenerator<string> {
  yield "{";
  for (const [i, [key, value]] of entries.entries()) {
    yield `${i ? "," : ""}\n  ${JSON.stringify(key)}: `;
    if (value && typeof value === "object" && Symbol.asyncIterator in value) {
      let opened = false;
      for await (const batch of value as AsyncIterable<unknown[]>) {
        yield batch.map((item, j) => `${j === 0 && !opened ? "[" : ","}\n    ${indented(item, 2)}`).join("");
        opened ||= batch.length > 0;
      }
      yield opened ? "\n  ]" : "[]";
    } else {
      yield indented(value, 1);
    }
  }
  yield "\n}\n";
}

/**
 * Everything Collect keeps about the user, for "Download my data" (no secrets, no hashes, no
 * ids): undefined when the user is gone.
 */
export async function accountExport(db: Db, userId: string): Promise<Readable | undefined> {
  const [profile] = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      name: users.name,
      profileName: users.profileName,
      firstName: users.firstName,
      lastName: users.lastName,
      photo: users.photo,
      timeZone: users.timeZone,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return undefined;
  // The short lists (a handful of each per person, bounded where they are added) are read now.
  const [methods, devices, keys, notificationPrefs, pushDevices] = await Promise.all([
    db
      .select({ provider: paymentAccounts.provider, accountHandle: paymentAccounts.accountHandle })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, userId)),
    listSessions(db, userId),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
    db
      .select({
        channels: notificationSettings.channels,
        quietStart: notificationSettings.quietStart,
        quietEnd: notificationSettings.quietEnd,
        digestHour: notificationSettings.digestHour,
      })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
    // The endpoint and keys are the device's capability, not the person's data: left out.
    db
      .select({ deviceLabel: pushSubscriptions.deviceLabel, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  ]);
  return Readable.from(
    jsonObject([
      ["exportedAt", new Date().toISOString()],
      ["profile", profile],
      ["paymentAccounts", methods],
      ["paymentRequests", allRequests(db, userId)],
      ["contacts", allContacts(db, userId)],
      [
        "sessions",
        devices.map(({ userAgent, createdAt, updatedAt }) => ({
          userAgent,
          createdAt,
          lastSeenAt: updatedAt,
        })),
      ],
      ["passkeys", keys],
      ["notificationSettings", notificationPrefs[0] ?? null],
      ["pushSubscriptions", pushDevices],
    ]),
  );
}
