import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUSY_WITHIN_MS, senderPace } from "./pace";

describe("senderPace", () => {
  beforeEach(() => {
    // setImmediate stays real: the turn's look at pending requests takes no fake time.
    vi.useFakeTimers({ now: 1_000_000, toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Lets a turn's real setImmediate (its look at pending requests) run. */
  const lookedAt = async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  /** Starts `count` turns at once; returns when each started, in ms after now. */
  async function starts(turn: () => Promise<void>, count: number, within = 5_000) {
    const t0 = Date.now();
    const started: number[] = [];
    for (let i = 0; i < count; i++) void turn().then(() => started.push(Date.now() - t0));
    // In 10-ms steps, each turn's look done before the clock moves on.
    await lookedAt();
    for (let elapsed = 0; elapsed < within; elapsed += 10) {
      await vi.advanceTimersByTimeAsync(10);
      await lookedAt();
    }
    return started;
  }

  it("lets every job start at once while nobody is being served", async () => {
    const never = senderPace({ lastRequestAt: () => 0 }, 10);
    expect(await starts(never, 10, 0)).toEqual(Array(10).fill(0));
    const longAgo = senderPace({ lastRequestAt: () => Date.now() - BUSY_WITHIN_MS - 1 }, 10);
    expect(await starts(longAgo, 10, 0)).toEqual(Array(10).fill(0));
  });

  it("spaces jobs evenly at its rate while a person was served within the last second", async () => {
    const busy = { lastRequestAt: () => Date.now() - 200 };
    expect(await starts(senderPace(busy, 10), 5)).toEqual([0, 100, 200, 300, 400]);
    expect(await starts(senderPace(busy, 2), 3)).toEqual([0, 500, 1_000]);
  });

  it("goes back to full speed once the busy spell is over, and paces from scratch in the next", async () => {
    let last = Date.now();
    const turn = senderPace({ lastRequestAt: () => last }, 4);
    expect(await starts(turn, 4)).toEqual([0, 250, 500, 750]);
    // Nobody for over a second: at once.
    await vi.advanceTimersByTimeAsync(BUSY_WITHIN_MS);
    expect(await starts(turn, 3, 0)).toEqual([0, 0, 0]);
    // Busy again long after the last paced start: the first goes at once, the rest spaced.
    last = Date.now();
    expect(await starts(turn, 3)).toEqual([0, 250, 500]);
  });

  it("lets the jobs still waiting go as soon as the process is no longer busy", async () => {
    // People are served for half a second, then nobody is.
    const busyUntil = Date.now() + 500;
    const turn = senderPace({ lastRequestAt: () => Math.min(Date.now(), busyUntil) }, 1);
    const started = await starts(turn, 10, 10_000);
    // One at once, one a second later; quiet from 1,500 ms (a second after the last request): the
    // other eight at the next look (every 250 ms), not one a second for eight more seconds.
    expect(started).toEqual([0, 1_000, ...Array(8).fill(1_750)]);
  });

  it("never starts a job that was abandoned while it waited, and lets every waiting one go when released", async () => {
    const turn = senderPace({ lastRequestAt: () => Date.now() }, 1);
    await turn();
    const abandoned = new AbortController();
    const failed = turn({ abandoned: abandoned.signal }).then(
      () => "started",
      (error: unknown) => (error as Error).name,
    );
    await vi.advanceTimersByTimeAsync(300);
    abandoned.abort();
    await vi.advanceTimersByTimeAsync(300);
    expect(await failed).toBe("AbortError");

    const release = new AbortController();
    const started: number[] = [];
    const t0 = Date.now();
    for (let i = 0; i < 5; i++)
      void turn({ release: release.signal }).then(() => started.push(Date.now() - t0));
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toHaveLength(0);
    release.abort();
    await vi.advanceTimersByTimeAsync(250);
    expect(started).toHaveLength(5);
  });
});
