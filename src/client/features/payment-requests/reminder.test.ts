import { describe, expect, it } from "vitest";
import { canRemind, REMIND_AFTER_MS } from "./reminder";

const now = new Date("2026-03-10T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("canRemind", () => {
  it("offers a reminder for a pending request older than 24 hours", () => {
    expect(canRemind({ status: "pending", createdAt: ago(REMIND_AFTER_MS + 1) }, now)).toBe(true);
    expect(canRemind({ status: "pending", createdAt: ago(30 * REMIND_AFTER_MS) }, now)).toBe(true);
  });

  it("waits until the full 24 hours have passed", () => {
    expect(canRemind({ status: "pending", createdAt: ago(REMIND_AFTER_MS) }, now)).toBe(false);
    expect(canRemind({ status: "pending", createdAt: ago(60_000) }, now)).toBe(false);
    expect(canRemind({ status: "pending", createdAt: ago(-60_000) }, now)).toBe(false);
  });

  it("never for a paid or cancelled request", () => {
    expect(canRemind({ status: "paid", createdAt: ago(2 * REMIND_AFTER_MS) }, now)).toBe(false);
    expect(canRemind({ status: "cancelled", createdAt: ago(2 * REMIND_AFTER_MS) }, now)).toBe(false);
  });

  it("never for a date it cannot read", () => {
    expect(canRemind({ status: "pending", createdAt: "not a date" }, now)).toBe(false);
  });
});
