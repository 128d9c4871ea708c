import type { I18n } from "@lingui/core";
import { checkAmount } from "#shared/money.ts";
import { decimalMarkOf } from "#shared/region.ts";
import { type InputRegion, US_INPUT } from "#shared/schemas/payment-request.ts";
import { composeSmsMessage, smsSize } from "#shared/sms.ts";
import { typedAmount } from "#shared/typed-amount.ts";
import type { RequestForm } from "./validate-request-form";

/**
 * The link is made when the request is created; until then a stand-in code of the same length
 * and alphabet (SHORT_CODE_LENGTH, shared with the server) keeps the preview's size and any shortening
 * exactly the server's.
 */
export const PREVIEW_CODE = "xxxxxxxxxx";

export type MessagePreview = {
  /** The text before the link, word for word as it will be sent. */
  text: string;
  /** Where the link will point, its code still to come. */
  linkBase: string;
  segments: number;
  /** UCS-2 when an emoji or a letter outside GSM-7 is in it: 70 characters a text, not 160. */
  encoding: "GSM-7" | "UCS-2";
};

/**
 * The text the composer will get, in the payer's language (`i18n`: their contact's, else the
 * requester's), or null until there is a name and an amount to put in it, and the language's words.
 */
export function previewMessage(
  form: RequestForm,
  requesterName: string,
  origin: string,
  i18n: I18n | undefined,
  region: InputRegion = US_INPUT,
): MessagePreview | null {
  const currency = form.currency || region.currency;
  const checked = checkAmount(typedAmount(form.amount, decimalMarkOf(region.country)), currency);
  if (form.name.trim() === "" || !checked.ok || !i18n) return null;
  const { amount } = checked;
  const linkBase = `${origin}/pay/`;
  const message = composeSmsMessage(
    {
      requesterName,
      recipientName: form.name,
      amount,
      currency,
      description: form.description.trim() || null,
      shortUrl: `${linkBase}${PREVIEW_CODE}`,
    },
    i18n,
  );
  const { segments, encoding } = smsSize(message);
  return { text: message.slice(0, -(linkBase.length + PREVIEW_CODE.length)), linkBase, segments, encoding };
}
