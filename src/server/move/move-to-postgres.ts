// `npm run db:move-to-postgres`: moves an embedded installation (DATA_DIR) to PostgreSQL
// (DATABASE_URL) with every row, and its photos to S3 when S3_* is set. Stop the server first:
// the embedded database is locked while it runs. Prints both sides' counts; exits 1 if any differ.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError, loadConfig, secretSetting } from "#server/env.ts";
import { openDatabase } from "../db/client";
import { moveRows } from "./move";

async function* objectFiles(dir: string, prefix = ""): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* objectFiles(path.join(dir, entry.name), key);
    else yield key;
  }
}

async function main() {
  // Only DATA_DIR and S3_* matter here: the server's own production requirements do not apply.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: undefined,
    DATABASE: "embedded",
    DATABASE_URL: undefined,
    DATABASE_URL_FILE: undefined,
  });
  const url = secretSetting("DATABASE_URL");
  if (!url) throw new ConfigError("DATABASE_URL: the PostgreSQL database to move into is required.");
  const from = await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  const to = await openDatabase({ kind: "postgres", url });
  try {
    console.log(`Moving ${config.dataDir} into ${new URL(url).host}${new URL(url).pathname}…`);
    const { source, target } = await moveRows(from.db, to.db, (table, rows) =>
      console.log(`  ${table}: ${rows} rows`),
    );
    const differing = source.filter(
      (s, i) => s.rows !== target[i]?.rows || s.checksum !== target[i]?.checksum,
    );
    if (differing.length) {
      console.error(`Counts differ for: ${differing.map((d) => d.table).join(", ")}`);
      process.exitCode = 1;
      return;
    }
    console.log(
      `Every table matches (${source.reduce((n, t) => n + t.rows, 0)} rows, checked by count and checksum).`,
    );
    const objects = path.join(config.dataDir, "objects");
    if (config.s3) {
      const { createS3Storage } = await import("#server/storage/s3-storage.ts");
      const s3 = createS3Storage(config.s3);
      let copied = 0;
      for await (const key of objectFiles(objects)) {
        await s3.write(key, await readFile(path.join(objects, key)));
        copied += 1;
      }
      console.log(`Photos: ${copied} objects copied to S3 bucket ${config.s3.bucket}.`);
    } else {
      console.log(
        `Photos stay in ${objects}: keep DATA_DIR for the server (it serves them from there). To put them in a bucket instead, set S3_* before moving.`,
      );
    }
  } finally {
    await from.close();
    await to.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
