import { describe, expect, it } from "vitest";
import { composeReminderMessage, composeSmsMessage, fitsOneSegment, smsLink, smsSegmentInfo } from "./sms";

const base = {
  requesterName: "Alex Doe",
  recipientName: "Sam Lee",
  amount: "25.50",
  shortUrl: "https://collect.example/pay/Ab3dE5gH7k",
};

describe("composeSmsMessage", () => {
  it("says who, how much, what for and the link", () => {
    expect(composeSmsMessage({ ...base, description: "Pizza" })).toBe(
      "Hi Sam, Alex Doe is requesting $25.50 for Pizza. Pay here: https://collect.example/pay/Ab3dE5gH7k",
    );
    expect(composeSmsMessage({ ...base, description: null })).toBe(
      "Hi Sam, Alex Doe is requesting $25.50. Pay here: https://collect.example/pay/Ab3dE5gH7k",
    );
  });

  it("shortens a long description so the text fits one segment, keeping the link whole", () => {
    const message = composeSmsMessage({ ...base, description: "a very long description ".repeat(10) });
    expect(fitsOneSegment(message)).toBe(true);
    expect(message).toContain("...");
    expect(message.endsWith(base.shortUrl)).toBe(true);
  });

  it("fits 70 characters when the text needs Unicode, dropping the description if it must", () => {
    const message = composeSmsMessage({ ...base, requesterName: "Zoë", description: "🍕 party" });
    expect(smsSegmentInfo(message).capacity).toBe(70);
    expect(message.endsWith(base.shortUrl)).toBe(true);
  });

  it("writes a reminder with the same link", () => {
    expect(composeReminderMessage(base)).toBe(
      "Hi Sam, a friendly reminder from Alex Doe about $25.50. Pay here: https://collect.example/pay/Ab3dE5gH7k",
    );
  });
});

describe("smsLink", () => {
  it("holds the number and the percent-encoded body, & included", () => {
    expect(smsLink("2125550101", "Tom & Jerry: $5 #1?")).toBe(
      "sms:+12125550101?&body=Tom%20%26%20Jerry%3A%20%245%20%231%3F",
    );
  });
});

describe("smsSegmentInfo", () => {
  it("counts GSM extension characters twice", () => {
    expect(smsSegmentInfo("a€")).toEqual({ units: 3, capacity: 160 });
    expect(smsSegmentInfo("a😀")).toEqual({ units: 2, capacity: 70 });
  });
});
