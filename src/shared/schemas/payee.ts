import { z } from "zod";
import { PhoneSchema, RecipientNameSchema } from "./payment-request";

/** POST /api/payees: digits only are stored (docs/product.md#contacts-payees). */
export const PayeeInputSchema = z.strictObject({ name: RecipientNameSchema, phone: PhoneSchema });
export type PayeeInput = z.input<typeof PayeeInputSchema>;

export const PayeeSchema = z.object({ id: z.string(), name: z.string(), phone: z.string() });
export type Payee = z.infer<typeof PayeeSchema>;
