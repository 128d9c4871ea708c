import { describe, expect, it } from "vitest";
import { anyPaidFromLink, canBePaidFromLink, handleProblem, PROVIDERS, SETUP_PROVIDERS } from "./providers";

describe("handleProblem", () => {
  it.each([
    ["paypal", "alexdoe"],
    ["venmo", "@alex-doe_1"],
    ["cashapp", "$alex"],
    ["zelle", "alex@example.com"],
    ["zelle", "(212) 555-0101"],
    ["googlepay", "+1 212 555 0101"],
    ["googlepay", "alex@example.com"],
  ] as const)("accepts %s %s", (provider, handle) => expect(handleProblem(provider, handle)).toBeNull());

  it.each([
    ["paypal", "alex@example.com", /not your email/],
    ["paypal", "paypal.me/alex", /PayPal/],
    ["venmo", "alex", /starts with @/],
    ["cashapp", "alex", /starts with \$/],
    ["cashapp", "$123", /Cash App/],
    ["zelle", "12345", /email address or a US phone/],
    ["googlepay", "nope", /Google Pay/],
    ["venmo", "   ", /please enter/],
  ] as const)("refuses %s %s", (provider, handle, message) =>
    expect(handleProblem(provider, handle)).toMatch(message),
  );
});

describe("can be paid from a link", () => {
  it("is every method but Google Pay, which no longer sends money between people in the US", () => {
    expect(PROVIDERS.filter(canBePaidFromLink)).toEqual(["paypal", "venmo", "cashapp", "zelle"]);
  });

  it("is false for no methods or Google Pay alone, true once any other joins", () => {
    expect(anyPaidFromLink([])).toBe(false);
    expect(anyPaidFromLink(["googlepay"])).toBe(false);
    expect(anyPaidFromLink(["googlepay", "zelle"])).toBe(true);
  });

  it("Setup offers the spec's three first, then Zelle, and every one can be paid from a link", () => {
    expect(SETUP_PROVIDERS).toEqual(["paypal", "venmo", "cashapp", "zelle"]);
    expect(anyPaidFromLink(SETUP_PROVIDERS.filter((p) => !canBePaidFromLink(p)))).toBe(false);
  });
});
