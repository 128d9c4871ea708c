import { z } from "zod";

/** What happened to one of the user's requests; the `request` events of GET /api/events. */
export const RequestEventSchema = z.object({
  kind: z.enum(["created", "viewed", "claimed", "paid", "cancelled"]),
  requestId: z.string(),
});
export type RequestEvent = z.infer<typeof RequestEventSchema>;
