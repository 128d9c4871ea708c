/**
 * The forms' validation texts, word for word (docs/product.md, each screen's section). The
 * description is the zod issue message, so the server's 400 and the client's toast say the same
 * sentence; the title is looked up from it (client/lib/validation-toast.ts).
 */
export const VALIDATION = {
  profileName: {
    title: /*i18n*/ "Profile Name Required",
    description: /*i18n*/ "Please enter your profile name.",
  },
  setupAccount: {
    title: /*i18n*/ "Payment Account Required",
    description: /*i18n*/ "Please select and configure at least one payment account.",
  },
  methodRequired: {
    title: /*i18n*/ "Payment Method Required",
    description: /*i18n*/ "Please select at least one payment method.",
  },
  handleRequired: {
    title: /*i18n*/ "Account Handle Required",
    description: /*i18n*/ "Please enter account handles for all selected payment methods.",
  },
  recipientName: {
    title: /*i18n*/ "Name Required",
    description: /*i18n*/ "Please enter the name of the person you're requesting payment from.",
  },
  recipientPhone: {
    title: /*i18n*/ "Phone Number Required",
    description: /*i18n*/ "Please enter a mobile phone number.",
  },
  amount: {
    title: /*i18n*/ "Invalid Amount",
    description: /*i18n*/ "Please enter a valid amount greater than $0.",
  },
} as const;

/** Why a phone number is refused (shared/phone.ts checks it). */
export const PHONE_MESSAGES = {
  notUs: /*i18n*/ "Please enter a US mobile number.",
  invalid: /*i18n*/ "Please enter a valid 10-digit US mobile number.",
} as const;

/** A number outside the US (shared/phone-international.ts), for an account of another country. */
export const INTERNATIONAL_PHONE_MESSAGES = {
  invalid: /*i18n*/ "Please enter a valid mobile number, like +49 151 23456789.",
  notMobile: /*i18n*/ "Please enter a mobile number: this one cannot receive text messages.",
} as const;

/** Texts for the limits the product leaves to us. */
export const LIMIT_MESSAGES = {
  amountTooLarge: /*i18n*/ "Please enter an amount of at most $1,000,000.00.",
  amountDecimals: /*i18n*/ "Please enter an amount with at most 2 decimal places, like 25.50.",
  nameTooLong: /*i18n*/ "Please keep the name to 80 characters.",
  descriptionTooLong: /*i18n*/ "Please keep the description to 200 characters.",
  // Control and text-direction characters garble or reorder the text on the payer's page, in
  // the text message and in emails (shared/schemas/user.ts UNSAFE_TEXT).
  nameNotPlain: /*i18n*/ "Please write the name as one line of plain text.",
  descriptionNotPlain: /*i18n*/ "Please write the description as one line of plain text.",
  namePartNotPlain: /*i18n*/ "Please write names as one line of plain text.",
} as const;

/** Why a split bill is refused (shared/split.ts plans it, shared/schemas/split.ts checks it). */
export const SPLIT_MESSAGES = {
  noPeople: /*i18n*/ "Please add at least one person.",
  amountEach: /*i18n*/ "Please enter an amount greater than $0 for each person.",
} as const;

/** Why a photo upload is refused for its size (server/routes/photos). */
export const PHOTO_MESSAGES = {
  tooLarge: /*i18n*/ "The photo is larger than 5 MB.",
} as const;

/** Toast titles of the messages above, in the style of the product's own. */
export const LIMIT_TITLES: Readonly<Record<string, string>> = {
  [PHONE_MESSAGES.invalid]: /*i18n*/ "Invalid Phone Number",
  [PHONE_MESSAGES.notUs]: /*i18n*/ "Invalid Phone Number",
  [INTERNATIONAL_PHONE_MESSAGES.invalid]: /*i18n*/ "Invalid Phone Number",
  [INTERNATIONAL_PHONE_MESSAGES.notMobile]: /*i18n*/ "Invalid Phone Number",
  [LIMIT_MESSAGES.amountTooLarge]: VALIDATION.amount.title,
  [LIMIT_MESSAGES.amountDecimals]: VALIDATION.amount.title,
  [LIMIT_MESSAGES.nameTooLong]: /*i18n*/ "Name Too Long",
  [LIMIT_MESSAGES.descriptionTooLong]: /*i18n*/ "Description Too Long",
};

/** What a form converter answers: the payload, or the first message to show. */
export type FormResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The message to show for a failed parse: the first of `first` that any issue carries (the
 * product's order of checks), else the first issue's.
 */
export function firstMessage(issues: readonly { message: string }[], first: readonly string[] = []): string {
  const messages = issues.map((issue) => issue.message);
  return first.find((message) => messages.includes(message)) ?? messages[0] ?? /*i18n*/ "Invalid input";
}
