import { describe, expect, it } from "vitest";
import { FEATURES } from "./landing-content";

describe("landing page claims", () => {
  it("does not promise that paying needs no app: the payer pays in their own payment app", () => {
    const text = FEATURES.map((f) => f.body).join(" ");
    expect(text).not.toMatch(/no app to install/i);
    expect(text).toMatch(/they already use/);
  });

  it("names only methods a payer can pay with from the link: no Google Pay, Zelle not one tap (issue 23)", () => {
    const text = FEATURES.map((f) => `${f.title} ${f.body}`).join(" ");
    expect(text).not.toMatch(/Google Pay/);
    expect(text).toMatch(/Zelle[^.]*in their bank's app/);
    expect(text).not.toMatch(/one tap[^.]*Zelle/);
  });
});
