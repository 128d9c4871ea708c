import { z } from "zod";
import { LOCALES } from "#shared/i18n/locales.ts";
import { ChosenLanguageSchema } from "#shared/region.ts";
import { cursorSchema, PageLimitSchema, UuidSchema } from "./page";
import {
  EmailTextSchema,
  PayerEmailSchema,
  perRegion,
  phoneSchemaFor,
  RecipientNameSchema,
  RequestSearchSchema,
  US_INPUT,
} from "./payment-request";

/**
 * POST /api/payees: the number is stored as the account's country reads it (docs/product.md#contacts-payees:
 * a US account keeps 10 digits). A phone already saved under another name is refused (409),
 * never renamed behind the user's back.
 */
export const payeeInputFor = perRegion((region) =>
  z.strictObject({
    name: RecipientNameSchema,
    phone: phoneSchemaFor(region),
    /** Optional: Request Payment offers it as the payer's email. */
    email: PayerEmailSchema,
    /** The language Collect speaks to them (texts, emails, the link's preview); absent or null: the requester's. */
    language: ChosenLanguageSchema,
  }),
);
export const PayeeInputSchema = payeeInputFor(US_INPUT);
export type PayeeInput = z.input<typeof PayeeInputSchema>;

/** PATCH /api/payees/{id}: a new name, phone, email (null or "" clears it) or language (null: the requester's). */
export const payeeUpdateFor = perRegion((region) =>
  z
    .strictObject({
      name: RecipientNameSchema.optional(),
      phone: phoneSchemaFor(region).optional(),
      email: EmailTextSchema.nullable()
        .optional()
        .transform((v) => (v === undefined ? undefined : v || null)),
      /** null: back to the requester's own language. */
      language: ChosenLanguageSchema,
    })
    .refine(
      (v) =>
        v.name !== undefined || v.phone !== undefined || v.email !== undefined || v.language !== undefined,
      "Nothing to change.",
    ),
);
export const PayeeUpdateSchema = payeeUpdateFor(US_INPUT);
export type PayeeUpdate = z.input<typeof PayeeUpdateSchema>;

export const PayeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** Present when the requester chose a language for this person (else theirs is used). */
  language: z.enum(LOCALES).optional(),
});
export type Payee = z.infer<typeof PayeeSchema>;

/** Where the last contact of a page sorted: its lower-cased name and id. */
const PayeeCursorKeySchema = z.strictObject({ n: z.string().max(200), i: UuidSchema });
export type PayeeCursorKey = z.infer<typeof PayeeCursorKeySchema>;

/** GET /api/payees query: contacts by name, a page at a time (next page in the `Link` header). */
export const PayeeListQuerySchema = z.object({
  limit: PageLimitSchema,
  /** Contacts whose name (accents and case ignored) or phone digits contain this. */
  q: RequestSearchSchema,
  cursor: cursorSchema(PayeeCursorKeySchema).optional(),
});
export type PayeeListQuery = z.infer<typeof PayeeListQuerySchema>;
