import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { paymentRequests, splits, users } from "#server/db/schema.ts";
import { contactLanguageSql, displayNameSql } from "#server/db/shared-queries.ts";
import { isUniqueViolation } from "#server/lib/db-errors.ts";
import { newShortCode } from "#server/lib/short-code.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { type Requester, writeReminders } from "#server/reminders/reminders-schedule.ts";
import type { Webhooks } from "#server/webhooks/webhooks.ts";

type SplitRow = typeof splits.$inferSelect;
type RequestRow = typeof paymentRequests.$inferSelect;
export type SplitWithRequests = { split: SplitRow; requests: RequestRow[]; requesterName: string };

export type NewSplit = {
  total: string;
  /** ISO 4217: the total's and every share's. */
  currency: string;
  description: string | null;
  includeMe: boolean;
  dueDate: string | null;
  people: { name: string; phone: string; amount: string }[];
};

/**
 * The split and one request per person (each with its own short code), all or nothing. A code
 * collision (astronomically rare) rolls the whole transaction back and it is tried again.
 */
export async function createSplit(
  db: Db,
  userId: string,
  input: NewSplit,
  chase: { requester: Requester; now: Date; webhooks?: Webhooks },
): Promise<SplitWithRequests> {
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await db.transaction(async (tx) => {
        const [split] = await tx
          .insert(splits)
          .values({
            userId,
            total: input.total,
            currency: input.currency,
            description: input.description,
            includeMe: input.includeMe,
            dueDate: input.dueDate,
            createdAt: chase.now,
          })
          .returning();
        if (!split) throw new Error("insert returned no split");
        const requests = await tx
          .insert(paymentRequests)
          .values(
            input.people.map((person) => ({
              userId,
              splitId: split.id,
              code: newShortCode(),
              recipientName: person.name,
              recipientPhone: person.phone,
              amount: person.amount,
              currency: input.currency,
              description: input.description,
              dueDate: input.dueDate,
              createdAt: chase.now,
              language: contactLanguageSql(userId, person.phone),
            })),
          )
          .returning();
        // Each share is an ordinary request with its own reminders.
        for (const request of requests) {
          await writeReminders(tx, request, chase.requester, chase.now);
          await chase.webhooks?.emitRequest(tx, {
            userId,
            type: "request.created",
            key: `request.created:${request.id}`,
            requestId: request.id,
          });
        }
        return { split, requests };
      });
      return { ...created, requesterName: await requesterName(db, userId) };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** One of the caller's splits with its requests in the order they were made; null for anyone else's. */
export async function findSplit(db: Db, userId: string, id: string): Promise<SplitWithRequests | null> {
  if (!isUuid(id)) return null;
  const [split] = await db
    .select()
    .from(splits)
    .where(and(eq(splits.id, id), eq(splits.userId, userId)));
  if (!split) return null;
  const requests = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.splitId, id), eq(paymentRequests.userId, userId)))
    .orderBy(asc(paymentRequests.createdAt), asc(paymentRequests.recipientName));
  return { split, requests, requesterName: await requesterName(db, userId) };
}

async function requesterName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ name: displayNameSql }).from(users).where(eq(users.id, userId));
  return row?.name ?? "Someone";
}
