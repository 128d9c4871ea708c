import { z } from "zod";

/** The `:code` of every public pay-page route; its shape is checked in the handler (ShortCodeSchema). */
export const CodeParams = z.object({ code: z.string().max(64) });

/** What an unknown, malformed or cancelled code answers, whichever route it came to. */
export const NOT_FOUND = "Payment request not found";
