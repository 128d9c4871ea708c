import { siCashapp, siPaypal, siVenmo } from "simple-icons";
import { describe, expect, it } from "vitest";
import { BRAND_MARKS } from "./brand-marks";

describe("BRAND_MARKS", () => {
  it("are simple-icons' own paths and titles, unaltered", () => {
    for (const [key, icon] of [
      ["venmo", siVenmo],
      ["paypal", siPaypal],
      ["cashapp", siCashapp],
    ] as const) {
      expect(BRAND_MARKS[key].path, key).toBe(icon.path);
      expect(BRAND_MARKS[key].title, key).toBe(icon.title);
    }
  });
});
