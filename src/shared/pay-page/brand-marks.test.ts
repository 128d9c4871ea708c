import { siCashapp, siPaypal, siVenmo } from "simple-icons";
import { describe, expect, it } from "vitest";
import { BRAND_MARKS, brandMarksCss } from "./brand-marks";

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

  it("each is drawn by the stylesheet: a rule per brand whose image is its own SVG", () => {
    const css = brandMarksCss();
    for (const [brand, mark] of Object.entries(BRAND_MARKS)) {
      const url = new RegExp(`\\.brand-mark-${brand} \\{ --brand-mark: url\\("([^"]+)"\\); \\}`).exec(
        css,
      )?.[1];
      expect(url, brand).toBeDefined();
      expect(decodeURIComponent(url?.slice("data:image/svg+xml,".length) ?? "")).toBe(
        `<svg xmlns='http://www.w3.org/2000/svg' viewBox='${mark.viewBox}'><path d='${mark.path}'/></svg>`,
      );
    }
    const base = /\.brand-mark \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(base).toContain("mask-image: var(--brand-mark);");
    expect(base).toContain("background-color: currentColor;");
  });
});
