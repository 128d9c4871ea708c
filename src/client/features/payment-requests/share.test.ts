import { describe, expect, it } from "vitest";
import { shareContent } from "./share";

describe("shareContent", () => {
  it("names the amount and what it is for, and keeps the link apart", () => {
    expect(
      shareContent({ amount: "1250.5", description: " Rent ", shortUrl: "https://c.example/pay/Ab12" }),
    ).toEqual({
      title: "Payment request",
      text: "Here's my payment request for $1,250.50 (Rent).",
      url: "https://c.example/pay/Ab12",
    });
  });

  it("leaves out an empty description", () => {
    for (const description of [null, "", "   "]) {
      expect(shareContent({ amount: "7.00", description, shortUrl: "u" }).text).toBe(
        "Here's my payment request for $7.00.",
      );
    }
  });
});
