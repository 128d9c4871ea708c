import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createClock } from "#server/clock.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { startJobQueue } from "#server/queue/queue.ts";
import { runTempRoot } from "./temp-root";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once per run: a PGlite data folder, and (with TEST_DATABASE_URL) a PostgreSQL
 * template database. Each test file then starts from a copy (harness.ts freshDatabase).
 */
export default async function setup(project: TestProject) {
  const { dir, remove } = runTempRoot();
  // One run may set up several projects (the resilience suite's), at once: each has its own template.
  const tag = `${process.pid}_${project.name.replace(/\W+/g, "_")}`;
  const templateDir = path.join(dir, `template-${tag}`);
  const database = await openDatabase({ kind: "pglite", dataDir: templateDir });
  await installJobSchema(database);
  await database.close();
  project.provide("pgliteTemplate", templateDir);

  const url = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (url) {
    templateName = `collect_template_${tag}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const migrated = await openDatabase({ kind: "postgres", url: withDatabase(url, templateName) });
    await installJobSchema(migrated);
    await migrated.close();
  } else {
    // The suites run per database kind (harness.ts databaseKinds) simply have no [postgres] run.
    console.warn(
      `${project.name}: API suites on PGlite only, [postgres] runs skipped: TEST_DATABASE_URL unset`,
    );
  }
  project.provide("postgresTemplate", templateName);

  return async () => {
    remove();
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    }
  };
}

/** pg-boss installs its schema at its first start: once here, so each test file's copy starts warm. */
async function installJobSchema(database: Database) {
  const jobs = await startJobQueue({
    db: database.db,
    kind: database.kind,
    log: console,
    clock: createClock(),
  });
  await jobs.stop();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
