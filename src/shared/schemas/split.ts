import { z } from "zod";
import { SPLIT_MESSAGES } from "#shared/messages.ts";
import { DueDateSchema } from "#shared/schedule/due-date.ts";
import { planSplit } from "#shared/split.ts";
import {
  AmountSchema,
  DescriptionSchema,
  PaymentRequestSchema,
  PhoneSchema,
  RecipientNameSchema,
} from "./payment-request";

export const SPLIT_MAX_PEOPLE = 20;

const SplitPersonSchema = z.strictObject({
  name: RecipientNameSchema,
  phone: PhoneSchema,
  /** Only when splitting by custom amounts; then every person has one. */
  amount: AmountSchema.optional(),
});

/**
 * POST /api/splits: a total among several people, evenly or by custom amounts, with or without
 * the requester's own share (shared/split.ts). The parsed value carries each person's amount.
 */
export const SplitInputSchema = z
  .strictObject({
    total: AmountSchema,
    description: DescriptionSchema,
    includeMe: z.boolean().default(false),
    /** One due date for every share (the route checks today … a year ahead in the requester's zone). */
    dueDate: DueDateSchema.nullish().transform((v) => v ?? null),
    people: z
      .array(SplitPersonSchema)
      .min(1, SPLIT_MESSAGES.noPeople)
      .max(SPLIT_MAX_PEOPLE, `At most ${SPLIT_MAX_PEOPLE} people in one split.`),
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
    return { ...input, people, myShare: plan.myShare };
  });
export type SplitInput = z.input<typeof SplitInputSchema>;

/** GET /api/splits/{id} and the answer to POST: the bill and each person's request. */
export const SplitSchema = z.object({
  id: z.string(),
  total: z.string(),
  description: z.string().nullable(),
  includeMe: z.boolean(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  /** Each person's request with the text that asks them (for the `sms:` composer). */
  shares: z.array(z.object({ request: PaymentRequestSchema, smsMessage: z.string() })),
  paidCount: z.number(),
  /** Sum of the requests not paid yet (pending), as decimal text. */
  outstanding: z.string(),
});
export type Split = z.infer<typeof SplitSchema>;
