import { DESCRIPTION_MAX, MAX_AMOUNT_LABEL, MAX_PHOTO_LABEL, RECIPIENT_NAME_MAX } from "./input-limits";

/**
 * The forms' validation texts, word for word (docs/product.md, each screen's section). The
 * description is the zod issue message, so the server's 400 and the client's toast say the same
 * sentence; the title is looked up from it (client/lib/validation-toast.ts).
 */
export const VALIDATION = {
  profileName: {
    title: "Profile Name Required",
    description: "Please enter your profile name.",
  },
  setupAccount: {
    title: "Payment Account Required",
    description: "Please select and configure at least one payment account.",
  },
  methodRequired: {
    title: "Payment Method Required",
    description: "Please select at least one payment method.",
  },
  handleRequired: {
    title: "Account Handle Required",
    description: "Please enter account handles for all selected payment methods.",
  },
  recipientName: {
    title: "Name Required",
    description: "Please enter the name of the person you're requesting payment from.",
  },
  recipientPhone: {
    title: "Phone Number Required",
    description: "Please enter a mobile phone number.",
  },
  amount: {
    title: "Invalid Amount",
    description: "Please enter a valid amount greater than $0.",
  },
} as const;

/** Why a phone number is refused (shared/phone.ts checks it). */
export const PHONE_MESSAGES = {
  notUs: "Please enter a US mobile number.",
  invalid: "Please enter a valid 10-digit US mobile number.",
} as const;

/** A number outside the US (shared/phone-international.ts), for an account of another country. */
export const INTERNATIONAL_PHONE_MESSAGES = {
  invalid: "Please enter a valid mobile number, like +49 151 23456789.",
  notMobile: "Please enter a mobile number: this one cannot receive text messages.",
} as const;

/** Texts for the limits the product leaves to us. */
export const LIMIT_MESSAGES = {
  amountTooLarge: `Please enter an amount of at most ${MAX_AMOUNT_LABEL}.`,
  amountDecimals: "Please enter an amount with at most 2 decimal places, like 25.50.",
  nameTooLong: `Please keep the name to ${RECIPIENT_NAME_MAX} characters.`,
  descriptionTooLong: `Please keep the description to ${DESCRIPTION_MAX} characters.`,
  // Control and text-direction characters garble or reorder the text on the payer's page, in
  // the text message and in emails (shared/schemas/user.ts UNSAFE_TEXT).
  nameNotPlain: "Please write the name as one line of plain text.",
  descriptionNotPlain: "Please write the description as one line of plain text.",
  namePartNotPlain: "Please write names as one line of plain text.",
} as const;

/** Why a split bill is refused (shared/split.ts plans it, shared/schemas/split.ts checks it). */
export const SPLIT_MESSAGES = {
  noPeople: "Please add at least one person.",
  amountEach: "Please enter an amount greater than $0 for each person.",
} as const;

/** Why a photo upload is refused for its size (server/routes/photos). */
export const PHOTO_MESSAGES = {
  tooLarge: `The photo is larger than ${MAX_PHOTO_LABEL}.`,
} as const;

/** Toast titles of the messages above, in the style of the product's own. */
export const LIMIT_TITLES: Readonly<Record<string, string>> = {
  [PHONE_MESSAGES.invalid]: "Invalid Phone Number",
  [PHONE_MESSAGES.notUs]: "Invalid Phone Number",
  [INTERNATIONAL_PHONE_MESSAGES.invalid]: "Invalid Phone Number",
  [INTERNATIONAL_PHONE_MESSAGES.notMobile]: "Invalid Phone Number",
  [LIMIT_MESSAGES.amountTooLarge]: VALIDATION.amount.title,
  [LIMIT_MESSAGES.amountDecimals]: VALIDATION.amount.title,
  [LIMIT_MESSAGES.nameTooLong]: "Name Too Long",
  [LIMIT_MESSAGES.descriptionTooLong]: "Description Too Long",
};

/** What a form converter answers: the payload, or the first message to show. */
export type FormResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The message to show for a failed parse: the first of `first` that any issue carries (the
 * product's order of checks), else the first issue's.
 */
export function firstMessage(issues: readonly { message: string }[], first: readonly string[] = []): string {
  const messages = issues.map((issue) => issue.message);
  return first.find((message) => messages.includes(message)) ?? messages[0] ?? "Invalid input";
}
