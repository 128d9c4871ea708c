import { z } from "zod";
import { cursorSchema, PageLimitSchema, UuidSchema } from "./page";
import { PhoneSchema, RecipientNameSchema } from "./payment-request";

/** POST /api/payees: digits only are stored (docs/product.md#contacts-payees). */
export const PayeeInputSchema = z.strictObject({ name: RecipientNameSchema, phone: PhoneSchema });
export type PayeeInput = z.input<typeof PayeeInputSchema>;

export const PayeeSchema = z.object({ id: z.string(), name: z.string(), phone: z.string() });
export type Payee = z.infer<typeof PayeeSchema>;

/** Where the last contact of a page sorted: its lower-cased name and id. */
const PayeeCursorKeySchema = z.strictObject({ n: z.string().max(200), i: UuidSchema });
export type PayeeCursorKey = z.infer<typeof PayeeCursorKeySchema>;

/** GET /api/payees query: contacts by name, a page at a time (next page in the `Link` header). */
export const PayeeListQuerySchema = z.object({
  limit: PageLimitSchema,
  cursor: cursorSchema(PayeeCursorKeySchema).optional(),
});
export type PayeeListQuery = z.infer<typeof PayeeListQuerySchema>;
