import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestClock } from "../clock";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { createLimiter, openCounterStore } from "../limiter/limiter";
import { LIMITS } from "../limits";
import { createMailPolicy, REFUSALS } from "../mail/policy";
import { sendToPayer } from "../reminders/reminders-send";
import { databaseKinds, freshDatabase } from "../test/harness";
import { claimDelivery, deliverOnce, findDelivery, markFailed, markSent, messageIdFor } from "./effects";

/** A logger that keeps quiet (the code under test logs a capped email as a warning). */
const quiet = {
  warn() {},
  error() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => quiet,
  level: "silent",
} as unknown as import("fastify").FastifyBaseLogger;

describe("messageIdFor", () => {
  it("is stable per key, distinct across keys, and hides the key", () => {
    const id = messageIdFor("reminder:3f2a:3", "collect.example");
    expect(id).toMatch(/^<[A-Za-z0-9_-]{32}@collect\.example>$/);
    expect(messageIdFor("reminder:3f2a:3", "collect.example")).toBe(id);
    expect(messageIdFor("reminder:3f2a:7", "collect.example")).not.toBe(id);
    expect(id).not.toContain("3f2a");
  });
});

describe.each(databaseKinds)("delivery rows [%s]", (kind) => {
  let database: Database;
  const clock = createTestClock("2026-12-04T14:00:00Z");
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("of two claims of one key, one creates the row and the other does nothing", async () => {
    const key = "reminder:race:3";
    const results = await Promise.all(
      [1, 2].map(() => database.db.transaction((tx) => claimDelivery(tx, key, "reminder", clock.now()))),
    );
    expect(results.sort()).toEqual([false, true]);
    expect(await findDelivery(database.db, key)).toMatchObject({
      key,
      kind: "reminder",
      state: "pending",
      attempts: 0,
      createdAt: new Date("2026-12-04T14:00:00Z"),
      sentAt: null,
    });
  });

  it("a claim rolled back with its decision leaves nothing, so the decision can be made again", async () => {
    const key = "reminder:rolled-back:0";
    await database.db
      .transaction(async (tx) => {
        await claimDelivery(tx, key, "reminder", clock.now());
        throw new Error("the request was paid meanwhile");
      })
      .catch(() => {});
    expect(await findDelivery(database.db, key)).toBeUndefined();
    expect(await claimDelivery(database.db, key, "reminder", clock.now())).toBe(true);
  });

  it("pending → sent once; a sent row is neither sent nor failed again", async () => {
    const key = "receipt:r9";
    await claimDelivery(database.db, key, "receipt", clock.now());
    expect(await markSent(database.db, key, clock.now(), { messageId: "<m@x>", attempts: 1 })).toBe(true);
    expect(await markSent(database.db, key, clock.now())).toBe(false);
    await markFailed(database.db, key, "late failure", 2);
    expect(await findDelivery(database.db, key)).toMatchObject({
      state: "sent",
      messageId: "<m@x>",
      attempts: 1,
      lastError: null,
      sentAt: new Date("2026-12-04T14:00:00Z"),
    });
  });

  it("a crash after the send and before markSent resends with the same Message-ID", async () => {
    const key = "reminder:crash:7";
    await claimDelivery(database.db, key, "reminder", clock.now());
    const inbox: string[] = [];
    const job = { key, domain: "collect.test", now: () => clock.now() };
    // Attempt 1: the server accepts the message, then the process dies before recording it.
    await expect(
      deliverOnce(database.db, { ...job, attempt: 1, lastAttempt: false }, async (messageId) => {
        inbox.push(messageId);
        throw new Error("killed");
      }),
    ).rejects.toThrow("killed");
    expect(await findDelivery(database.db, key)).toMatchObject({
      state: "pending",
      attempts: 1,
      lastError: "killed",
    });
    // Attempt 2 (the retry): same Message-ID, so the receiving side keeps one message.
    await clock.advance(60_000);
    expect(
      await deliverOnce(database.db, { ...job, attempt: 2, lastAttempt: false }, async (messageId) => {
        inbox.push(messageId);
      }),
    ).toBe("sent");
    expect(inbox).toEqual([messageIdFor(key, "collect.test"), messageIdFor(key, "collect.test")]);
    expect(new Set(inbox).size).toBe(1);
    expect(await findDelivery(database.db, key)).toMatchObject({
      state: "sent",
      attempts: 2,
      lastError: null,
      sentAt: new Date("2026-12-04T14:01:00Z"),
    });
    // A third run (a duplicate job) sends nothing.
    expect(
      await deliverOnce(database.db, { ...job, attempt: 1, lastAttempt: false }, async () => {
        throw new Error("must not send");
      }),
    ).toBe("already-sent");
  });

  it("the last attempt's failure leaves the row failed with its error; later runs send nothing", async () => {
    const key = "request-email:bounce";
    await claimDelivery(database.db, key, "request-email", clock.now());
    const refuse = async () => {
      throw new Error("550 5.1.1 <alex@example.com>: Recipient address rejected");
    };
    const job = { key, domain: "collect.test", now: () => clock.now() };
    await expect(
      deliverOnce(database.db, { ...job, attempt: 1, lastAttempt: false }, refuse),
    ).rejects.toThrow();
    expect((await findDelivery(database.db, key))?.state).toBe("pending");
    await expect(
      deliverOnce(database.db, { ...job, attempt: 2, lastAttempt: true }, refuse),
    ).rejects.toThrow();
    expect(await findDelivery(database.db, key)).toMatchObject({
      state: "failed",
      attempts: 2,
      lastError: "550 5.1.1 <alex@example.com>: Recipient address rejected",
    });
    expect(await deliverOnce(database.db, { ...job, attempt: 3, lastAttempt: true }, refuse)).toBe(
      "already-failed",
    );
    expect(
      await deliverOnce(database.db, { ...job, key: "nobody", attempt: 1, lastAttempt: true }, refuse),
    ).toBe("missing");
  });

  it("a payer's email counts once toward its allowance from one requester, however often its job runs", async () => {
    const limiter = createLimiter(await openCounterStore({ db: database.db }, quiet), {
      enabled: true,
      log: quiet,
    });
    const mailPolicy = createMailPolicy({
      db: database.db,
      limiter,
      maxPerHour: 1_000,
      now: () => clock.now(),
      mailEnabled: true,
      log: quiet,
    });
    const deps = { db: database.db, mailPolicy, log: quiet };
    const requesterId = "counted-requester";
    await database.db
      .insert(users)
      .values({ id: requesterId, name: "Maria Lopez", email: "maria@example.com", emailVerified: true });
    const to = { to: "Counted.Once@example.com", requesterId };
    const later = async () => {
      throw new Error("not past the hourly ceiling");
    };
    const job = { domain: "collect.test", now: () => clock.now(), later };
    const sent: string[] = [];
    // Each of 10 emails fails once in passing (a 4xx, the queue retries), then goes; each then runs once more.
    for (let i = 0; i < LIMITS.payerMailPerPair.max; i++) {
      const key = `request-email:counted-${i}`;
      await claimDelivery(database.db, key, "request-email", clock.now());
      const passingFault = async () => {
        throw new Error("421 4.3.2 Try again later");
      };
      await expect(
        sendToPayer(deps, { ...job, key, attempt: 1, lastAttempt: false }, to, passingFault),
      ).rejects.toThrow();
      await sendToPayer(deps, { ...job, key, attempt: 2, lastAttempt: false }, to, async () => {
        sent.push(key);
      });
      await sendToPayer(deps, { ...job, key, attempt: 3, lastAttempt: false }, to, async () => {
        sent.push(`${key} again`);
      });
    }
    expect(sent).toHaveLength(LIMITS.payerMailPerPair.max);
    // The next is past the allowance, in any spelling of the mailbox: not sent, failed for good with the reason the card shows.
    const key = "request-email:counted-next";
    await claimDelivery(database.db, key, "request-email", clock.now());
    const respelled = { ...to, to: "counted.once+x@EXAMPLE.com" };
    await sendToPayer(deps, { ...job, key, attempt: 1, lastAttempt: false }, respelled, async () => {
      sent.push(key);
    });
    expect(sent).toHaveLength(LIMITS.payerMailPerPair.max);
    expect(await findDelivery(database.db, key)).toMatchObject({
      state: "failed",
      lastError: REFUSALS.pair,
    });
  });

  it("an email whose process died mid-send counts once: its retry is the same email", async () => {
    // Before: the attempt was recorded only once SMTP answered, so a retry after a SIGKILL
    // mid-send counted toward the allowances again (and could be refused as a new email).
    const asked: boolean[] = [];
    const mailPolicy = {
      check: async (_mail: unknown, options?: { recheck?: boolean }) => {
        asked.push(options?.recheck ?? false);
        return { send: true as const };
      },
    };
    const deps = { db: database.db, mailPolicy, log: quiet };
    const key = "request-email:killed-mid-send";
    await claimDelivery(database.db, key, "request-email", clock.now());
    const later = async () => {};
    const job = { domain: "collect.test", now: () => clock.now(), later, key, lastAttempt: false };
    const to = { to: "payer@example.com", requesterId: "killed-requester" };
    let started = false;
    // The first attempt never ends: its process is gone while SMTP still has the message.
    void sendToPayer(deps, { ...job, attempt: 1 }, to, () => {
      started = true;
      return new Promise<void>(() => {});
    });
    await vi.waitUntil(() => started);
    await sendToPayer(deps, { ...job, attempt: 2 }, to, async () => {});
    expect(asked).toEqual([false, true]);
    expect(await findDelivery(database.db, key)).toMatchObject({ state: "sent" });
  });
});
