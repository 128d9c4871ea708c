import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { JOBS_SCHEMA, type JobSchema } from "#server/queue/queue.ts";

/**
 * The queues made with the mail policy (`createQueue(name, "mail")`, queue/queue.ts
 * MAIL_QUEUE_POLICY): payer mail, notification email, recurring occurrences, account mail.
 * given-up.test.ts checks that a started app makes exactly these.
 */
export const MAIL_QUEUES = ["payer-mail", "notify", "recurring-email", "account-mail"] as const;

export type Requeued = { total: number; byQueue: Record<string, number> };

/**
 * Sends every given-up email again (`npm run mail:retry`): each job of a mail queue that failed
 * its last retry (pg-boss keeps it 7 days) and whose delivery was not sent gets one more attempt,
 * now (pg-boss `retry`), and its delivery is `pending` again, in one transaction. A message the
 * mail policy refused, or an address's allowance capped, is not given up (its job completed; its
 * delivery's error starts "not sent:") and stays as it is; so does one the receiving server
 * refused (SMTP 5xx: its job completed too).
 */
export async function requeueGivenUpMail(db: Db, schema: JobSchema): Promise<Requeued> {
  return db.transaction(async (tx) => {
    const job = sql`${sql.identifier(JOBS_SCHEMA)}.job`;
    const queues = sql.join(
      MAIL_QUEUES.map((name) => sql`${name}`),
      sql`, `,
    );
    // The job's delivery: its key is the job's (payer mail put back for the next hour carries
    // its delivery's key in its data instead).
    const { rows } = (await tx.execute(sql`
      select j.name, j.id::text as id, coalesce(by_key.key, by_data.key) as key
      from ${job} j
      left join delivery by_key on by_key.key = j.singleton_key
      left join delivery by_data on by_data.key = j.data->>'key'
      where j.name in (${queues}) and j.state = 'failed'
        and coalesce(by_key.state, by_data.state) in ('failed', 'pending')
        and coalesce(by_key.last_error, by_data.last_error, '') not like 'not sent:%'
      for update of j`)) as unknown as { rows: { name: string; id: string; key: string }[] };
    if (rows.length === 0) return { total: 0, byQueue: {} };
    const keys = sql.join(
      rows.map((row) => sql`${row.key}`),
      sql`, `,
    );
    await tx.execute(sql`update delivery set state = 'pending' where key in (${keys}) and state = 'failed'`);
    const byQueue: Record<string, number> = {};
    for (const name of new Set(rows.map((row) => row.name))) {
      const ids = rows.filter((row) => row.name === name).map((row) => row.id);
      byQueue[name] = await schema.retry(name, ids, tx);
    }
    return { total: Object.values(byQueue).reduce((sum, n) => sum + n, 0), byQueue };
  });
}
