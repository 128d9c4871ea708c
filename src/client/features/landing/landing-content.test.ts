import { describe, expect, it } from "vitest";
import { FEATURES } from "./landing-content";

describe("landing page claims", () => {
  it("does not promise that paying needs no app: the payer pays in their own payment app", () => {
    const text = FEATURES.map((f) => f.body).join(" ");
    expect(text).not.toMatch(/no app to install/i);
    expect(text).toMatch(/they already use/);
  });
});
