import { z } from "zod";

/** What happened to one of the user's requests; the `request` events of GET /api/events. */
export const RequestEventSchema = z.object({
  /**
   * `stopped`: the payer stopped its reminders, or asked for no more emails from its requester;
   * `payment`: a part payment was recorded or undone.
   */
  kind: z.enum(["created", "viewed", "claimed", "paid", "cancelled", "stopped", "payment"]),
  requestId: z.string(),
});
export type RequestEvent = z.infer<typeof RequestEventSchema>;
