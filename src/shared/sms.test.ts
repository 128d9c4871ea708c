import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { i18nFor } from "./i18n/i18n-for";
import {
  composeReminderMessage,
  composeSmsMessage,
  MAX_SEGMENTS,
  plainText,
  type SmsParts,
  smsLink,
  smsSize,
} from "./sms";

const english = i18nFor("en");

const URL = "https://collect.example/pay/Ab3dE5gH7k";
const base: SmsParts = {
  requesterName: "Alex Doe",
  recipientName: "Sam Lee",
  amount: "25.50",
  description: null,
  shortUrl: URL,
};
const compose = (change: Partial<SmsParts>) => composeSmsMessage({ ...base, ...change }, english);

describe("plainText", () => {
  it.each([
    ["Sam’s birthday gift", "Sam's birthday gift"],
    ["Dinner at Luigi’s", "Dinner at Luigi's"],
    ["‘quoted’ and “double”", "'quoted' and \"double\""],
    ["Rent – March", "Rent - March"],
    ["Rent—March", "Rent-March"],
    ["and so on…", "and so on..."],
    ["Sam & Alex", "Sam and Alex"],
    ["AT&T bill", "AT and T bill"],
    ["50% off", "50 percent off"],
    ["Tickets + fees", "Tickets plus fees"],
    ["  two\u00a0 spaces\nand a line  ", "two spaces and a line"],
    ["Tacos 🌮", "Tacos 🌮"],
    ["生日礼物", "生日礼物"],
  ])("%s → %s", (input, plain) => expect(plainText(input)).toBe(plain));
});

describe("composeSmsMessage", () => {
  it.each([
    ["Sam Lee", "Hi Sam,"],
    ["Dr. Patel", "Hi Dr. Patel,"],
    ["Ms Alvarez", "Hi Ms Alvarez,"],
    ["dr. amara okafor", "Hi dr. okafor,"],
    ["Dr.", "Hi Dr.,"],
    ["🎉", "Hi,"],
    ["🎉 Party", "Hi Party,"],
    ["生日 快乐", "Hi 生日,"],
    ["Zoë", "Hi Zoë,"],
  ])("greets %j as %j", (recipientName, greeting) => {
    expect(compose({ recipientName })).toMatch(
      new RegExp(`^${greeting.replace(/[.]/g, "\\.")} Alex Doe is requesting`),
    );
  });

  it("says who, how much, what for and the link", () => {
    expect(compose({ description: "Pizza" })).toBe(
      `Hi Sam, Alex Doe is requesting $25.50 for Pizza. Pay here: ${URL}`,
    );
    expect(compose({ description: null })).toBe(`Hi Sam, Alex Doe is requesting $25.50. Pay here: ${URL}`);
    expect(compose({ description: "Pizza!" })).toBe(
      `Hi Sam, Alex Doe is requesting $25.50 for Pizza! Pay here: ${URL}`,
    );
  });

  it.each([
    ["Sam’s birthday gift", "Sam's birthday gift"],
    ["Rent – March", "Rent - March"],
    ["Dinner at Luigi’s", "Dinner at Luigi's"],
    ["Sam & Alex", "Sam and Alex"],
    ["50% off", "50 percent off"],
  ])("keeps %s as %s in one GSM-7 segment", (description, plain) => {
    const message = compose({ description });
    expect(message).toBe(`Hi Sam, Alex Doe is requesting $25.50 for ${plain}. Pay here: ${URL}`);
    expect(smsSize(message)).toMatchObject({ encoding: "GSM-7", segments: 1 });
  });

  it("keeps emoji, CJK and non-Latin names as they are, never dropping the description", () => {
    expect(compose({ description: "Tacos 🌮" })).toBe(
      `Hi Sam, Alex Doe is requesting $25.50 for Tacos 🌮. Pay here: ${URL}`,
    );
    expect(compose({ description: "生日礼物" })).toContain("for 生日礼物.");
    const greek = compose({ recipientName: "Δημήτρης Π", description: "Dinner at Luigi’s" });
    expect(greek).toBe(`Hi Δημήτρης, Alex Doe is requesting $25.50 for Dinner at Luigi's. Pay here: ${URL}`);
    expect(smsSize(greek)).toMatchObject({ encoding: "UCS-2", segments: 2 });
  });

  it("shortens at a word boundary only past three segments, keeping the link whole and last", () => {
    const long = "Weekend cabin trip with groceries, gas and the boat rental 🚤 ".repeat(4).trim();
    const message = compose({ description: long });
    expect(smsSize(compose({ description: long.slice(0, 60) })).segments).toBeLessThanOrEqual(MAX_SEGMENTS);
    expect(smsSize(message).segments).toBe(MAX_SEGMENTS);
    expect(message).toMatch(/ for Weekend cabin trip .*[a-z🚤]\.\.\. Pay here: /u);
    expect(message.endsWith(` Pay here: ${URL}`)).toBe(true);
    const kept = message.split(" for ")[1]?.split("... Pay here")[0] ?? "";
    expect(long.startsWith(kept)).toBe(true);
    expect(long[kept.length]).toMatch(/[\s,]/); // cut between words
  });

  it("cuts CJK text between words, and a single long word between characters", () => {
    const cjk = compose({ description: "我们上周末一起去海边度假的全部费用包括酒店和晚餐".repeat(5) });
    expect(smsSize(cjk).segments).toBe(MAX_SEGMENTS);
    expect(cjk).toMatch(/for 我们.+\.\.\. Pay here: /u);
    const word = compose({ description: "😀".repeat(120) });
    expect(smsSize(word).segments).toBeLessThanOrEqual(MAX_SEGMENTS);
    expect(word).toMatch(/for 😀+\.\.\. Pay here: /u);
  });

  it("writes a reminder by the same rules, with the same link", () => {
    expect(composeReminderMessage({ ...base, description: "Sam’s birthday & cake" }, english)).toBe(
      `Hi Sam, a friendly reminder from Alex Doe about $25.50 for Sam's birthday and cake. Pay here: ${URL}`,
    );
    expect(composeReminderMessage(base, english)).toBe(
      `Hi Sam, a friendly reminder from Alex Doe about $25.50. Pay here: ${URL}`,
    );
  });
});

/**
 * Android's AOSP Messaging (LineageOS, GrapheneOS) reads an `sms:` link this way: the URI's
 * scheme-specific part percent-decoded (android.net.Uri), the query split on "&", and the body
 * decoded again by java.net.URLDecoder ("+" is a space, a bad "%" escape throws).
 */
function aospBody(link: string): string | null {
  const ssp = decodeURIComponent(link.slice(link.indexOf(":") + 1).split("#")[0] ?? "");
  if (!ssp.includes("?")) return null;
  for (const param of ssp.slice(ssp.indexOf("?") + 1).split("&")) {
    if (!param.startsWith("body=")) continue;
    const raw = param.slice(5).replace(/\+/g, " ");
    if (/%(?![0-9a-fA-F]{2})/.test(raw))
      throw new Error("URLDecoder: Illegal hex characters in escape (%) pattern");
    return decodeURIComponent(raw);
  }
  return null;
}

/** iOS and Chrome-based composers: one percent-decoding of the body. */
const iosBody = (link: string) => decodeURIComponent(link.split("&body=")[1] ?? "");

describe("smsLink", () => {
  it("holds the number and the percent-encoded body", () => {
    expect(smsLink("2125550101", "Tom and Jerry: $5 #1?")).toBe(
      "sms:+12125550101?&body=Tom%20and%20Jerry%3A%20%245%20%231%3F",
    );
  });

  it("texts a number stored in E.164 (outside the US) as it is", () => {
    expect(smsLink("+4915123456789", "Hallo")).toBe("sms:+4915123456789?&body=Hallo");
  });

  it("the AOSP replay shows how a raw &, + or % used to break (the old texts)", () => {
    const old = (text: string) => smsLink("2125550101", `Hi Bo, ${text}. Pay here: ${URL}`);
    expect(aospBody(old("Sam & Alex"))).toBe("Hi Bo, Sam ");
    expect(aospBody(old("Tickets + fees"))).toBe(`Hi Bo, Tickets   fees. Pay here: ${URL}`);
    expect(() => aospBody(old("50% off"))).toThrow(/Illegal hex/);
  });

  it.each([
    "Sam & Alex",
    "Tickets + fees",
    "50% off",
    "100%25",
    "Sam’s birthday gift",
    "Tacos 🌮",
    "a=b?c#d",
  ])("reaches AOSP and iOS intact with %s", (description) => {
    const message = composeSmsMessage({ ...base, recipientName: "Bo & Co", description }, english);
    const link = smsLink("2125550101", message);
    expect(aospBody(link)).toBe(message);
    expect(iosBody(link)).toBe(message);
    expect(message.endsWith(URL)).toBe(true);
  });

  it("reaches AOSP intact whatever the names and description (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 80 }),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 80 }),
        fc.option(fc.string({ unit: "grapheme", maxLength: 200 })),
        (requesterName, recipientName, description) => {
          const message = composeSmsMessage({ ...base, requesterName, recipientName, description }, english);
          const reminder = composeReminderMessage(
            { ...base, requesterName, recipientName, description },
            english,
          );
          for (const text of [message, reminder]) {
            expect(aospBody(smsLink("2125550101", text))).toBe(text);
            expect(text.endsWith(` Pay here: ${URL}`)).toBe(true);
          }
          if (plainText(description ?? "")) expect(message).toContain(" for ");
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("smsSize", () => {
  it("counts GSM extension characters twice, and emoji as two UCS-2 units", () => {
    expect(smsSize("a€")).toEqual({ encoding: "GSM-7", units: 3, segments: 1 });
    expect(smsSize("a😀")).toEqual({ encoding: "UCS-2", units: 3, segments: 1 });
    expect(smsSize("a".repeat(160)).segments).toBe(1);
    expect(smsSize("a".repeat(161)).segments).toBe(2);
    expect(smsSize("a".repeat(459)).segments).toBe(3);
    expect(smsSize("ж".repeat(70)).segments).toBe(1);
    expect(smsSize("ж".repeat(71)).segments).toBe(2);
    // A surrogate pair is never split across segments: 66 units, then an emoji, starts segment 2.
    expect(smsSize(`${"ж".repeat(66)}😀${"ж".repeat(10)}`).segments).toBe(2);
    expect(smsSize(`${"ж".repeat(66)}😀${"ж".repeat(66)}`).segments).toBe(3);
  });
});

describe("a text in another language", () => {
  const es = i18nFor("es");
  it("writes the amount the language's way, in GSM-7's spaces, with one full stop after a note that ends a sentence", () => {
    const text = composeSmsMessage(
      { ...base, currency: "EUR", amount: "1250.50", description: "¡Tacos!" },
      es,
    );
    // Spanish groups thousands from five digits on (CLDR): "1250,50 €".
    expect(text).toContain("1250,50 €");
    expect(text).not.toMatch(/[\u00a0\u202f]/);
    expect(text).toContain("¡Tacos!");
    expect(text).not.toContain("¡Tacos!.");
    expect(text.startsWith(es._("Hi {name}", { name: "Sam" }))).toBe(true);
    expect(text.endsWith(URL)).toBe(true);
    expect(smsSize(text).encoding).toBe("GSM-7");
  });
});
