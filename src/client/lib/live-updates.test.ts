import { describe, expect, it } from "vitest";
import { titleWithCount } from "./live-updates";

describe("titleWithCount", () => {
  it("puts the count of new claims in front of the title, once", () => {
    expect(titleWithCount("Home · Collect", 1)).toBe("(1) Home · Collect");
    expect(titleWithCount("(1) Home · Collect", 3)).toBe("(3) Home · Collect");
  });

  it("drops the count when there is nothing new", () => {
    expect(titleWithCount("(2) Archive · Collect", 0)).toBe("Archive · Collect");
    expect(titleWithCount("Archive · Collect", 0)).toBe("Archive · Collect");
  });
});
