import { describe, expect, it } from "vitest";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import type { InputRegion } from "#shared/schemas/payment-request.ts";
import { SHORT_CODE_LENGTH } from "#shared/schemas/payment-request.ts";
import { composeSmsMessage, smsSize } from "#shared/sms.ts";
import { PREVIEW_CODE, previewMessage as previewIn } from "./message-preview";
import type { RequestForm } from "./validate-request-form";

const english = i18nFor("en");
const previewMessage = (form: RequestForm, name: string, origin: string, region?: InputRegion) =>
  previewIn(form, name, origin, english, region);

const ORIGIN = "https://collect.example";
const form = { name: "Sam Lee", phone: "", amount: "25.5", description: "Sam’s birthday & cake" };

describe("previewMessage", () => {
  it("shows the text the server will send, word for word up to the link", () => {
    const preview = previewMessage(form, "Robin Example", ORIGIN);
    expect(preview).toEqual({
      text: "Hi Sam, Robin Example is requesting $25.50 for Sam's birthday and cake. Pay here: ",
      linkBase: `${ORIGIN}/pay/`,
      segments: 1,
      encoding: "GSM-7",
    });
    const sent = composeSmsMessage(
      {
        requesterName: "Robin Example",
        recipientName: "Sam Lee",
        amount: "25.50",
        description: form.description,
        shortUrl: `${ORIGIN}/pay/Ab3dE5gH7k`,
      },
      english,
    );
    expect(sent).toBe(`${preview?.text}${ORIGIN}/pay/Ab3dE5gH7k`);
  });

  it("sizes the text with a stand-in code as long as the real one", () => {
    expect(PREVIEW_CODE).toHaveLength(SHORT_CODE_LENGTH);
    expect(smsSize(PREVIEW_CODE).encoding).toBe("GSM-7");
    expect(previewMessage({ ...form, description: "Tacos 🌮" }, "Robin Example", ORIGIN)).toMatchObject({
      segments: 2,
      encoding: "UCS-2",
    });
  });

  it("waits for a name and an amount", () => {
    expect(previewMessage({ ...form, name: " " }, "Robin", ORIGIN)).toBeNull();
    expect(previewMessage({ ...form, amount: "" }, "Robin", ORIGIN)).toBeNull();
    expect(previewMessage({ ...form, amount: "0" }, "Robin", ORIGIN)).toBeNull();
    expect(previewMessage({ ...form, amount: ".5" }, "Robin", ORIGIN)?.text).toContain("$0.50");
  });
});
