import type { PGlite } from "@electric-sql/pglite";

/**
 * How every PGlite of ours starts (the server's thread, tests, seed, the move to PostgreSQL):
 * PGlite's own start parameters, with PostgreSQL's buffer cache at 32 MB instead of 128 MB.
 * PGlite touches all of its buffer cache as it starts, so the 128 MB were resident from the
 * first moment: an embedded server held 498 MB after 4,000 creates and a list load, 391–401 MB
 * with 32 MB (369–380 with 16), at the same create and list rates, and PGlite opened an existing
 * folder in ~100 ms instead of ~150 (docs/decisions/028-database-thread.md). Pages beyond it are
 * read from the data folder's files, which the OS caches.
 */
export function pgliteStartParams(pglite: Pick<typeof PGlite, "defaultStartParams">): string[] {
  return [...pglite.defaultStartParams, "-c", "shared_buffers=32MB"];
}
