import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { isCurrency } from "#shared/currency.ts";
import { checkMobile } from "#shared/phone-international.ts";
import { type InputRegion, US_INPUT } from "#shared/schemas/payment-request.ts";
import { invalidRequest } from "./http-error";

/**
 * Bodies read the way the signed-in account's country writes them (docs/decisions/031): its
 * mobile numbers, and amounts in the currency the body names (else the account's). The route's
 * `schema.body` stays the US reading, for the API reference; Fastify's own check of the body is
 * skipped (`regionalBody`) and the handler reads it with `readBody` once it knows the account,
 * answering a 400 exactly as validation does.
 */

/** The account's region; `body.currency`, when it names one, is the currency amounts are read in. */
export function inputRegionOf(account: { country: string; currency: string }, body?: unknown): InputRegion {
  const named = (body as { currency?: unknown } | null | undefined)?.currency;
  const currency = typeof named === "string" && isCurrency(named) ? named : account.currency;
  if (account.country === "US") return currency === US_INPUT.currency ? US_INPUT : { ...US_INPUT, currency };
  return { country: account.country, currency, checkMobile: (input) => checkMobile(input, account.country) };
}

/** Route options: the body is read by the handler (readBody), every other part as usual. */
export const regionalBody: { validatorCompiler: FastifySchemaCompiler<unknown> } = {
  validatorCompiler: (route) =>
    route.httpPart === "body"
      ? (data: unknown) => ({ value: data })
      : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
};

/** The body parsed by `schema`, or the 400 Fastify's validation answers (plugins/errors.ts). */
export function readBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? null);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw invalidRequest(first?.path.map(String).join("."), first?.message);
}
