import { describe, expect, it } from "vitest";
import { handleProblem } from "./providers";

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
