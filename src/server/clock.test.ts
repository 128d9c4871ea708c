import { describe, expect, it } from "vitest";
import { type ClockDriver, createClock, createTestClock, isTestClock } from "./clock";

describe("clock", () => {
  it("the real clock reads Date.now", () => {
    const before = Date.now();
    const now = createClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(isTestClock(createClock())).toBe(false);
  });

  it("a test clock stands still until set or advanced", async () => {
    const clock = createTestClock("2026-03-08T06:00:00Z");
    expect(clock.now().toISOString()).toBe("2026-03-08T06:00:00.000Z");
    await clock.advance(90 * 60_000);
    expect(clock.now().toISOString()).toBe("2026-03-08T07:30:00.000Z");
    await clock.set(new Date("2026-11-01T05:00:00Z"));
    expect(clock.now().toISOString()).toBe("2026-11-01T05:00:00.000Z");
    await expect(clock.advance(-1)).rejects.toThrow(/forward/);
    expect(isTestClock(clock)).toBe(true);
  });

  it("hands its moves to one shared driver: a jump, then the timers it passed fire once", async () => {
    const clock = createTestClock("2026-11-25T12:00:00Z");
    const calls: string[] = [];
    let driverNow = 0;
    const make = (now: Date): ClockDriver => {
      driverNow = now.getTime();
      return {
        now: () => driverNow,
        setTime: async (at) => {
          calls.push(`set ${at.toISOString()}`);
          driverNow = at.getTime();
        },
        tick: async (ms) => {
          calls.push(`tick ${ms}`);
        },
      };
    };
    const first = clock.driver(make);
    expect(clock.driver(make)).toBe(first);
    await clock.advance(3 * 86_400_000);
    expect(calls).toEqual(["set 2026-11-28T12:00:00.000Z", "tick 0"]);
    expect(clock.now().toISOString()).toBe("2026-11-28T12:00:00.000Z");
  });
});
