import { z } from "zod";
import { CurrencySchema } from "#shared/currency.ts";
import { SPLIT_MESSAGES } from "#shared/messages.ts";
import { DueDateSchema } from "#shared/schedule/due-date.ts";
import { planSplit } from "#shared/split.ts";
import {
  amountSchemaIn,
  DescriptionSchema,
  type InputRegion,
  PaymentRequestSchema,
  perRegion,
  phoneSchemaFor,
  RecipientNameSchema,
  US_INPUT,
} from "./payment-request";

export const SPLIT_MAX_PEOPLE = 20;

/**
 * POST /api/splits: a total among several people, evenly or by custom amounts, with or without
 * the requester's own share (shared/split.ts), in the region's currency (the one the body names,
 * else the account's: the route picks the region). The parsed value carries each person's amount.
 */
export const splitInputFor = perRegion((region: InputRegion) => {
  const amount = amountSchemaIn(region.currency);
  const person = z.strictObject({
    name: RecipientNameSchema,
    phone: phoneSchemaFor(region),
    /** Only when splitting by custom amounts; then every person has one. */
    amount: amount.optional(),
  });
  return z
    .strictObject({
      total: amount,
      /** ISO 4217; absent: the account's currency. */
      currency: CurrencySchema.optional(),
      description: DescriptionSchema,
      includeMe: z.boolean().default(false),
      /** One due date for every share (the route checks today … a year ahead in the requester's zone). */
      dueDate: DueDateSchema.nullish().transform((v) => v ?? null),
      people: z
        .array(person)
        .min(1, SPLIT_MESSAGES.noPeople)
        .max(SPLIT_MAX_PEOPLE, /*i18n*/ "At most 20 people in one split."),
    })
    .transform((input, ctx) => {
      const withAmount = input.people.filter((p) => p.amount !== undefined).length;
      if (withAmount !== 0 && withAmount !== input.people.length) {
        ctx.addIssue({ code: "custom", message: SPLIT_MESSAGES.amountEach });
        return z.NEVER;
      }
      const plan = planSplit({
        total: input.total,
        includeMe: input.includeMe,
        custom: withAmount ? input.people.map((p) => p.amount as string) : null,
        people: input.people.length,
        currency: region.currency,
      });
      if (!plan.ok) {
        ctx.addIssue({ code: "custom", message: plan.message });
        return z.NEVER;
      }
      const people = input.people.map((p, i) => ({
        name: p.name,
        phone: p.phone,
        amount: plan.amounts[i] as string,
      }));
      return { ...input, currency: region.currency, people, myShare: plan.myShare };
    });
});
export const SplitInputSchema = splitInputFor(US_INPUT);
export type SplitInput = z.input<typeof SplitInputSchema>;

/** GET /api/splits/{id} and the answer to POST: the bill and each person's request. */
export const SplitSchema = z.object({
  id: z.string(),
  total: z.string(),
  /** ISO 4217: the total's and every share's. */
  currency: z.string(),
  description: z.string().nullable(),
  includeMe: z.boolean(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  /** Each person's request with the text that asks them (for the `sms:` composer). */
  shares: z.array(z.object({ request: PaymentRequestSchema, smsMessage: z.string() })),
  paidCount: z.number(),
  /** Pending shares whose payer said "I've paid" (a claim), not yet marked paid. */
  claimedCount: z.number(),
  /** What is left of the requests not paid yet (pending), as decimal text. */
  outstanding: z.string(),
});
export type Split = z.infer<typeof SplitSchema>;
