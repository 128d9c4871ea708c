/**
 * The one clock. Everything that decides by time (a reminder's due moment, a job's start, a
 * delivery's timestamps) asks this, so tests move time instead of sleeping
 * (docs/decisions/023-job-queue.md).
 */
export type Clock = { now(): Date };

export function createClock(): Clock {
  return { now: () => new Date(Date.now()) };
}

/**
 * What else keeps time and has to move with a test clock: pg-boss's TestClock, which also moves
 * the database's idea of now (`pgboss.job_now()`) and fires the queue's polls (queue/queue.ts).
 */
export type ClockDriver = {
  now(): number;
  setTime(at: Date): Promise<void>;
  tick(ms: number): Promise<void>;
};

export type TestClock = Clock & {
  /** Jumps to `at` (forward or back); await it: a queue bound to this clock moves with it. */
  set(at: Date): Promise<void>;
  /** Moves forward by `ms`; each queue poll that fell due runs once. Await it. */
  advance(ms: number): Promise<void>;
  /**
   * The driver this clock hands its moves to, made on first call from `make(now)` and shared by
   * every caller after (two queues on one test clock share one database time).
   */
  driver<D extends ClockDriver>(make: (now: Date) => D): D;
};

export function createTestClock(start: Date | string = "2026-11-25T12:00:00Z"): TestClock {
  let ms = new Date(start).getTime();
  if (!Number.isFinite(ms)) throw new Error(`createTestClock: invalid start ${String(start)}`);
  let bound: ClockDriver | undefined;
  return {
    now: () => new Date(bound ? bound.now() : ms),
    async set(at) {
      if (bound) {
        await bound.setTime(at);
        await bound.tick(0);
      }
      ms = at.getTime();
    },
    async advance(by) {
      if (by < 0) throw new Error("advance() moves forward only; use set() to go back");
      if (bound) {
        // A jump, then each timer it passed fires once, as if the process had slept: a poll every
        // 0.5 s is not replayed 518,400 times for three days.
        await bound.setTime(new Date(bound.now() + by));
        await bound.tick(0);
      }
      ms += by;
    },
    driver<D extends ClockDriver>(make: (now: Date) => D): D {
      bound ??= make(new Date(ms));
      return bound as D;
    },
  };
}

export function isTestClock(clock: Clock): clock is TestClock {
  return typeof (clock as Partial<TestClock>).driver === "function";
}
