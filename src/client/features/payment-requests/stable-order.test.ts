import { describe, expect, it } from "vitest";
import { stableOrder } from "./stable-order";

describe("stableOrder", () => {
  it("keeps a marked request where it was when the server sorts it below the pending ones", () => {
    // a and b pending, a marked paid: the server now answers b, c (pending), then a.
    expect(stableOrder(["a", "b", "c"], ["b", "c", "a"])).toEqual(["a", "b", "c"]);
  });

  it("puts a new request first, a loaded page last, and drops what is gone", () => {
    expect(stableOrder(["a", "b"], ["n", "a", "b"])).toEqual(["n", "a", "b"]);
    expect(stableOrder(["a", "b"], ["n1", "n2", "b", "a"])).toEqual(["n1", "n2", "a", "b"]);
    expect(stableOrder(["a", "b"], ["b", "a", "c", "d"])).toEqual(["a", "b", "c", "d"]);
    expect(stableOrder(["a", "b", "c"], ["c", "a"])).toEqual(["a", "c"]);
  });

  it("takes the answer as it is when nothing of it was shown (first load, a new filter)", () => {
    expect(stableOrder([], ["b", "a"])).toEqual(["b", "a"]);
    expect(stableOrder(["x"], ["b", "a"])).toEqual(["b", "a"]);
  });
});
