import { describe, expect, it } from "vitest";
import { planSplit, splitEvenly } from "./split";

describe("splitEvenly", () => {
  it("gives the remainder one cent at a time to the first shares", () => {
    expect(splitEvenly(10_000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitEvenly(10_001, 3)).toEqual([3334, 3334, 3333]);
    expect(splitEvenly(10_000, 4)).toEqual([2500, 2500, 2500, 2500]);
    expect(splitEvenly(1, 3)).toEqual([1, 0, 0]);
  });

  it("always adds up to the total", () => {
    for (const total of [1, 99, 100, 101, 9_999, 12_345, 100_000_000]) {
      for (let shares = 1; shares <= 12; shares++) {
        const parts = splitEvenly(total, shares);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }
    }
  });

  it("refuses fractions of a cent and no shares", () => {
    expect(() => splitEvenly(10.5, 2)).toThrow(RangeError);
    expect(() => splitEvenly(100, 0)).toThrow(RangeError);
  });
});

describe("planSplit", () => {
  it("$100 among 3 people without me: 33.34, 33.33, 33.33", () => {
    expect(planSplit({ total: "100", includeMe: false, custom: null, people: 3 })).toEqual({
      ok: true,
      amounts: ["33.34", "33.33", "33.33"],
      myShare: null,
    });
  });

  it("$100 among 3 people and me: four shares, three requests of $25.00", () => {
    expect(planSplit({ total: "100.00", includeMe: true, custom: null, people: 3 })).toEqual({
      ok: true,
      amounts: ["25.00", "25.00", "25.00"],
      myShare: "25.00",
    });
  });

  it("keeps the odd cent for me when I am included", () => {
    expect(planSplit({ total: "10.01", includeMe: true, custom: null, people: 1 })).toEqual({
      ok: true,
      amounts: ["5.00"],
      myShare: "5.01",
    });
  });

  it("custom amounts must add up to the total, or leave my share", () => {
    expect(planSplit({ total: "50", includeMe: false, custom: ["20", "30.00"], people: 2 })).toEqual({
      ok: true,
      amounts: ["20.00", "30.00"],
      myShare: null,
    });
    const short = planSplit({ total: "50", includeMe: false, custom: ["20", "29.99"], people: 2 });
    expect(short).toEqual({
      ok: false,
      message: "The amounts must add up to $50.00; they add up to $49.99.",
    });
    expect(planSplit({ total: "50", includeMe: true, custom: ["20", "20"], people: 2 })).toEqual({
      ok: true,
      amounts: ["20.00", "20.00"],
      myShare: "10.00",
    });
    expect(planSplit({ total: "50", includeMe: true, custom: ["25", "25"], people: 2 }).ok).toBe(false);
    expect(planSplit({ total: "50", includeMe: false, custom: ["50", "0"], people: 2 }).ok).toBe(false);
  });

  it("refuses shares smaller than a cent", () => {
    expect(planSplit({ total: "0.02", includeMe: false, custom: null, people: 3 }).ok).toBe(false);
  });
});
