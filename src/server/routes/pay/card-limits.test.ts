import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { users } from "#server/db/schema.ts";
import type { ImageLimits } from "#server/limits.ts";
import { ownerTag } from "#server/storage/photo-keys.ts";
import { createRequest } from "#server/test/fixtures.ts";
import {
  appsOnFreshDatabase,
  createReadyUser,
  databaseKinds,
  nextIp,
  retryAfterSeconds,
  TEST_SECRET,
  type TestUser,
  tempDir,
} from "#server/test/harness.ts";
import { bombPng } from "#server/test/image-bombs.ts";

/**
 * Rotating through card versions from a few anonymous clients drew card after card
 * on the event loop and pushed /pay from 13 ms to 855 ms. Draws now run on a bounded pool, and
 * cards not drawn yet are limited per client address and per requester.
 */
describe.each(databaseKinds)("card draws under load [%s]", (kind) => {
  const fresh = appsOnFreshDatabase(kind);
  const appWith = (imageLimits: Partial<ImageLimits>, dataDir = tempDir("collect-cards-")) =>
    fresh.appWith({ dataDir }, { imageLimits });

  /** The og:image path of a request's pay page: its current card. */
  async function cardPathOf(app: FastifyInstance, code: string): Promise<string> {
    const page = await app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() });
    const url = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
    if (!url) throw new Error("no card on the page");
    return new URL(url).pathname;
  }
  /**
   * `count` requests of one requester, each its own card version (the card shows the amount:
   * every call's amounts are new, as two requesters of one name and amount share a card).
   */
  let amounts = 10;
  async function cardsOf(app: FastifyInstance, user: TestUser, count: number): Promise<string[]> {
    const paths: string[] = [];
    for (let i = 0; i < count; i++) {
      const { code } = await createRequest(app, { user, amount: `${amounts++}.00` });
      paths.push(await cardPathOf(app, code));
    }
    return paths;
  }
  const fetchCard = (app: FastifyInstance, url: string, ip: string) =>
    app.inject({ method: "GET", url, remoteAddress: ip });

  it("limits new draws per client address and per requester; cards already drawn cost nothing", async () => {
    const app = await appWith({
      cardDrawsPerAddress: 3,
      cardDrawsPerRequester: 3,
    });
    const [r1, r2, r3, r4] = (await cardsOf(app, await createReadyUser(app), 4)) as [
      string,
      string,
      string,
      string,
    ];
    const [s1] = (await cardsOf(app, await createReadyUser(app), 1)) as [string];
    const [a, b] = [nextIp(), nextIp()];
    for (const card of [r1, r2, r3]) expect((await fetchCard(app, card, a)).statusCode).toBe(200);
    const refused = (response: Awaited<ReturnType<typeof fetchCard>>) => {
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json().message).toMatch(/link previews/);
      expect(retryAfterSeconds(response)).toBeGreaterThan(0);
    };
    // Address a has drawn three: another requester's new card is refused to it.
    refused(await fetchCard(app, s1, a));
    // The requester has had three drawn: their fourth is refused, even to a new address.
    refused(await fetchCard(app, r4, b));
    // Neither spills over: b draws another requester's card, a is still served drawn ones.
    expect((await fetchCard(app, s1, b)).statusCode).toBe(200);
    for (const card of [r1, r2, r3, s1]) expect((await fetchCard(app, card, a)).statusCode).toBe(200);
  });

  it("answers 503 with Retry-After when the draw queue is full, and draws again once it drains", async () => {
    const app = await appWith({ cardThreads: 1, cardQueueMax: 2, cardBusyRetrySeconds: 7 });
    const cards = await cardsOf(app, await createReadyUser(app), 8);
    // All at once, while the one thread is still starting: one draws, two wait, the rest are told to come back.
    const answers = await Promise.all(cards.map((card) => fetchCard(app, card, nextIp())));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(3);
    const busy = answers.filter((response) => response.statusCode === 503);
    expect(busy.length).toBe(8 - statuses.filter((status) => status === 200).length);
    for (const response of busy) {
      expect(response.headers["retry-after"]).toBe("7");
      expect(response.json()).toEqual({ message: "Link previews are busy. Please try again shortly." });
    }
    const again = cards[statuses.indexOf(503)] as string;
    expect((await fetchCard(app, again, nextIp())).statusCode).toBe(200);
  });

  it("gives up a draw past its time budget with 503", async () => {
    const app = await appWith({ cardDrawBudgetMs: 1 });
    const [card] = (await cardsOf(app, await createReadyUser(app), 1)) as [string];
    const response = await fetchCard(app, card, nextIp());
    expect(response.statusCode).toBe(503);
    expect(retryAfterSeconds(response)).toBeGreaterThan(0);
  });

  it("draws initials for a photo set before the pixel check that claims 20000 x 20000 pixels", async () => {
    const dataDir = tempDir("collect-cards-");
    const app = await appWith({}, dataDir);
    const user = await createReadyUser(app);
    const [row] = await fresh
      .database()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    const key = `uploads/${ownerTag(TEST_SECRET, row?.id as string)}/${randomUUID()}`;
    mkdirSync(path.dirname(path.join(dataDir, "objects", key)), { recursive: true });
    writeFileSync(path.join(dataDir, "objects", key), bombPng());
    await fresh
      .database()
      .db.update(users)
      .set({ photo: `/objects/${key}` })
      .where(eq(users.email, user.email));
    const [card] = (await cardsOf(app, user, 1)) as [string];
    const started = Date.now();
    const response = await fetchCard(app, card, nextIp());
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    // Refused by its header, not decoded (a decode took 84 s): the card comes from the pool's draw alone.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
