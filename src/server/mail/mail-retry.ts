// `npm run mail:retry`: sends every given-up email again (mail/given-up.ts): the ones whose retries
// through an SMTP outage ran out (JOBS_MAIL_GIVE_UP_HOURS), never the ones refused by the mail
// policy or by the receiving server. Fix the SMTP settings first. On PostgreSQL (DATABASE_URL) the
// server may keep running; the embedded database (DATA_DIR) is locked while the server runs: stop
// it first. Reads `.env` as `npm start` does. Prints how many it re-queued.
import { existsSync } from "node:fs";
import { configuredDatabase, openDatabase } from "#server/db/client.ts";
import { ConfigError, loadConfig, runtimeSummary } from "#server/env.ts";
import { openJobSchema } from "#server/queue/queue.ts";
import { requeueGivenUpMail } from "./given-up";

async function main() {
  if (existsSync(".env")) process.loadEnvFile(".env");
  // Only the database matters here: the server's own production requirements do not apply.
  const config = loadConfig({ ...process.env, NODE_ENV: undefined });
  const database = await openDatabase(configuredDatabase(config));
  const quiet = {
    warn: () => {},
    error: (fields: unknown, message?: string) => console.error(message, fields),
  };
  try {
    const schema = await openJobSchema({
      db: database.db,
      kind: database.kind,
      connectionString: config.databaseUrl,
      log: quiet,
    });
    try {
      const { total, byQueue } = await requeueGivenUpMail(database.db, schema);
      const where = runtimeSummary(config, "").database;
      const detail = Object.entries(byQueue)
        .map(([queue, n]) => `${queue}: ${n}`)
        .join(", ");
      console.log(
        total === 0
          ? `No given-up email to send again (${where}).`
          : `Re-queued ${total} given-up ${total === 1 ? "email" : "emails"} (${detail}; ${where}): a running server sends ${total === 1 ? "it" : "them"} within seconds.`,
      );
    } finally {
      await schema.stop();
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
