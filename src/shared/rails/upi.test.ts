import { describe, expect, it } from "vitest";
import { parseUpiId, upiLink } from "./upi";

// NPCI, UPI Linking Specifications 1.6, §2.1/§2.2 implementation sample (hyperlink and QR code):
const NPCI_SAMPLE =
  "upi://pay?pa=nadeem@npci&pn=nadeem%20chinna&mc=0000&tid=cxnkjcnkjdfdvjndkjfvn&tr=4894398cndhcd23&tn=Pay%20to%20mystar%20store&am=10&mam=null&cu=INR&url=https://mystar.com/orderid=9298yw89e8973e87389e78923ue892";

/** The raw `name=value` pairs of a link's query, as written (no decoding). */
const rawParams = (link: string) =>
  new Map((link.split("?")[1] ?? "").split("&").map((p) => p.split("=", 2) as [string, string]));

describe("upiLink", () => {
  it("encodes pa, pn, cu and tn exactly as the NPCI sample writes them", () => {
    const ours = rawParams(
      upiLink({
        vpa: "nadeem@npci",
        payeeName: "nadeem chinna",
        amount: { minor: 1000, currency: "INR" },
        note: "Pay to mystar store",
      }),
    );
    const sample = rawParams(NPCI_SAMPLE);
    for (const key of ["pa", "pn", "cu", "tn"]) expect(ours.get(key), key).toBe(sample.get(key));
    // The sample writes am=10; this module always writes the two decimals.
    expect(ours.get("am")).toBe("10.00");
  });

  it("writes the parameters in the order pa, pn, am, cu, tn", () => {
    expect(
      upiLink({
        vpa: "robin@okaxis",
        payeeName: "Robin Sharma",
        amount: { minor: 2550, currency: "INR" },
        note: "Pizza & drinks",
      }),
    ).toBe("upi://pay?pa=robin@okaxis&pn=Robin%20Sharma&am=25.50&cu=INR&tn=Pizza%20%26%20drinks");
  });

  it("leaves out am and tn when there are none, and keeps the link one line", () => {
    expect(upiLink({ vpa: "9876543210@ybl", payeeName: "Asha\nK" })).toBe(
      "upi://pay?pa=9876543210@ybl&pn=Asha%20K&cu=INR",
    );
  });

  it("percent-encodes every reserved character and non-ASCII text as UTF-8, never '+'", () => {
    const link = upiLink({
      vpa: "a.b@upi",
      payeeName: "Chai 'n' Co (Delhi)*",
      note: "₹ for chai! #2 50%+tip",
    });
    expect(link).toBe(
      "upi://pay?pa=a.b@upi&pn=Chai%20%27n%27%20Co%20%28Delhi%29%2A&cu=INR&tn=%E2%82%B9%20for%20chai%21%20%232%2050%25%2Btip",
    );
    expect(new URL(link).searchParams.get("tn")).toBe("₹ for chai! #2 50%+tip");
  });

  it("cuts the note to 50 characters", () => {
    const link = upiLink({ vpa: "a.b@upi", payeeName: "A", note: "x".repeat(80) });
    expect(new URL(link).searchParams.get("tn")).toHaveLength(50);
  });

  it("refuses another currency, a zero amount, a bad UPI ID and a missing name", () => {
    expect(() =>
      upiLink({ vpa: "a.b@upi", payeeName: "A", amount: { minor: 100, currency: "USD" } }),
    ).toThrow(/INR/);
    expect(() => upiLink({ vpa: "a.b@upi", payeeName: "A", amount: { minor: 0, currency: "INR" } })).toThrow(
      /zero/,
    );
    expect(() => upiLink({ vpa: "robin", payeeName: "A" })).toThrow(/UPI ID/);
    expect(() => upiLink({ vpa: "a.b@upi", payeeName: "  " })).toThrow(/name/);
  });
});

describe("parseUpiId", () => {
  it.each([
    "alice@oksbi",
    "bob.smith@paytm",
    "9876543210@ybl",
    "first_last-1@okhdfcbank",
    "nadeem@npci",
    "1234567890123@HDFC0000001.ifsc.npci",
  ])("accepts %s", (id) => expect(parseUpiId(` ${id} `)).toBe(id));

  it.each([
    "@oksbi",
    "alice@",
    "alice oksbi",
    "alice@123",
    "a@oksbi",
    "alice@@oksbi",
    "alice@ok sbi",
    "alice@oksbi.",
  ])("refuses %s", (id) => expect(parseUpiId(id)).toBeNull());
});
