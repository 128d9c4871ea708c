import { z } from "zod";
import { type FormResult, firstMessage, LIMIT_MESSAGES, VALIDATION } from "#shared/messages.ts";
import { PROVIDERS, type Provider, providersFor, SETUP_PROVIDERS } from "#shared/providers.ts";
import { DEFAULT_COUNTRY, RegionInputSchema } from "#shared/region.ts";
import { IMPERSONATION_MESSAGE, looksLikeAService } from "./impersonation";
import {
  PaymentAccountListSchema,
  PaymentAccountSchema,
  type PaymentMethodsEntry,
  ProviderFormEntrySchema,
  ProviderSchema,
} from "./payment-account";

/** Control characters and text-direction overrides: they garble or reorder a name where it is shown. */
export const UNSAFE_TEXT = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** A profile name: on payment pages, in texts, and the sign-up name (shared/schemas/sign-in.ts). */
export const ProfileNameSchema = z
  .string(VALIDATION.profileName.description)
  .trim()
  .min(1, VALIDATION.profileName.description)
  .max(80, /*i18n*/ "Profile name: at most 80 characters.")
  .refine(
    (name) => !UNSAFE_TEXT.test(name),
    /*i18n*/ "Profile name: no control or text-direction characters.",
  )
  .refine((name) => !looksLikeAService(name), IMPERSONATION_MESSAGE);

/** Optional name parts: trimmed, empty becomes null (docs/product.md#profile). */
const NamePartSchema = z
  .string()
  .trim()
  .max(80, /*i18n*/ "At most 80 characters.")
  .refine((name) => !UNSAFE_TEXT.test(name), LIMIT_MESSAGES.namePartNotPlain)
  .nullish()
  .transform((v) => (v ? v : null));

/** What GET /api/auth/user answers (docs/product.md#user-and-profile). */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  profileName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  photo: z.string().nullable(),
  /** ISO 3166-1 alpha-2; "US" until the account chooses (shared/region.ts). */
  country: z.string(),
  /** The app's language when the account chose one; null: the browser's. */
  language: z.string().nullable(),
  /** ISO 4217: every new request's unless one is chosen; until the account chooses, its country's. */
  currency: z.string(),
  /** The pay page's order of the methods, once the account chose one (else absent: Venmo first). */
  methodOrder: z.array(ProviderSchema).optional(),
});
export type User = z.infer<typeof UserSchema>;

/** PUT /api/payment-accounts/order: the pay page's order of the methods; null goes back to the spec's. */
export const MethodOrderInputSchema = z.strictObject({
  order: z
    .array(ProviderSchema)
    .max(PROVIDERS.length)
    .refine((order) => new Set(order).size === order.length, /*i18n*/ "Each method once, please.")
    .nullable(),
});

/** POST /api/auth/setup (docs/product.md#setup). */
export const SetupInputSchema = z.strictObject({
  profileName: ProfileNameSchema,
  paymentAccounts: PaymentAccountListSchema.min(1, VALIDATION.setupAccount.description),
  ...RegionInputSchema.shape,
});
export type SetupInput = z.infer<typeof SetupInputSchema>;

/** PUT /api/auth/profile: only these fields can change; email is read-only (docs/product.md#profile). */
export const ProfileInputSchema = z.strictObject({
  profileName: ProfileNameSchema,
  firstName: NamePartSchema,
  lastName: NamePartSchema,
  ...RegionInputSchema.shape,
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export type SetupForm = {
  profileName: string;
  /** ISO 3166-1 alpha-2; the spec's US unless another is chosen (its methods are offered). */
  country: string;
  accounts: Partial<Record<Provider, PaymentMethodsEntry>>;
};

/** The methods Setup offers: the spec's four for the US; elsewhere the country's own, then PayPal. */
export function setupProvidersFor(country: string): readonly Provider[] {
  return country === DEFAULT_COUNTRY ? SETUP_PROVIDERS : providersFor(country);
}

/**
 * Setup form → payload, in the order the screen's messages come: profile name, then at least one
 * ticked provider with a non-empty handle (ticked ones left empty are ignored; said on the first
 * provider's box), then handle formats (each on its provider's handle; a bank transfer's holder
 * and BIC on theirs). A US setup sends what the spec's did; another country is sent with it.
 */
export const SetupFormSchema = z
  .object({
    profileName: z.string(),
    country: z.string(),
    accounts: z.partialRecord(ProviderSchema, ProviderFormEntrySchema),
  })
  .transform((form, ctx): SetupInput => {
    let failed = false;
    const fail = (path: PropertyKey[], message: string) => {
      failed = true;
      ctx.addIssue({ code: "custom", path, message });
    };
    const offered = setupProvidersFor(form.country);
    const first = offered[0] ?? SETUP_PROVIDERS[0];
    const entry = (p: Provider) => form.accounts[p] ?? { selected: false, handle: "" };
    if (form.profileName.trim() === "") fail(["profileName"], VALIDATION.profileName.description);
    const ticked = offered.filter((p) => entry(p).selected && entry(p).handle.trim() !== "");
    if (ticked.length === 0) fail(["accounts", first, "selected"], VALIDATION.setupAccount.description);
    const accounts = ticked.map((provider) => {
      const { handle, holderName, bic } = entry(provider);
      return provider === "sepa"
        ? { provider, accountHandle: handle, holderName: holderName ?? "", bic: bic?.trim() || null }
        : { provider, accountHandle: handle };
    });
    for (const account of accounts) {
      const parsed = PaymentAccountSchema.safeParse(account);
      for (const issue of parsed.error?.issues ?? []) {
        const [field] = issue.path;
        const at = field === "holderName" || field === "bic" ? field : "handle";
        fail(["accounts", account.provider, at], issue.message);
      }
    }
    if (failed) return z.NEVER;
    const parsed = SetupInputSchema.safeParse({
      profileName: form.profileName,
      paymentAccounts: accounts,
      ...(form.country !== DEFAULT_COUNTRY ? { country: form.country } : {}),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const [key, index] = issue.path;
      const provider = typeof index === "number" ? ticked[index] : undefined;
      fail(
        key === "profileName"
          ? ["profileName"]
          : provider
            ? ["accounts", provider, "handle"]
            : ["accounts", first, "selected"],
        issue.message,
      );
    }
    return z.NEVER;
  });

/** SetupFormSchema's payload, or its first message. */
export function setupFromForm(form: SetupForm): FormResult<SetupInput> {
  const parsed = SetupFormSchema.safeParse(form);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: firstMessage(parsed.error.issues) };
}
