import { z } from "zod";

/**
 * Personal API tokens (docs/api.md): a script calls the API with `Authorization: Bearer col_…`
 * on the routes its scopes name, and nowhere else (never account, password, session, token or
 * webhook management). Shown once when made; stored as a SHA-256 hash.
 */
export const TOKEN_SCOPES = ["requests:read", "requests:write", "contacts:read", "contacts:write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope lets a token do, as Profile → Developer says it. */
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  "requests:read": /*i18n*/ "See requests, splits, series and balances",
  "requests:write": /*i18n*/ "Create and change requests, splits and series",
  "contacts:read": /*i18n*/ "See contacts",
  "contacts:write": /*i18n*/ "Add, change and remove contacts",
};

export const TOKEN_NAME_MAX = 60;
/** The token's text: `col_` and 43 base64url characters (32 random bytes). */
export const TOKEN_PATTERN = /^col_[A-Za-z0-9_-]{43}$/;

export const CreateTokenSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, /*i18n*/ "Give the token a name")
    .max(TOKEN_NAME_MAX, /*i18n*/ "A token's name is at most 60 characters"),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, /*i18n*/ "Choose what the token may do"))
    .min(1, /*i18n*/ "Choose what the token may do")
    .max(TOKEN_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** When it stops working (ISO 8601, in the future, within a year); absent: until revoked. */
  expiresAt: z.iso.datetime({ offset: true, message: /*i18n*/ "Choose a valid date" }).optional(),
});
export type CreateToken = z.input<typeof CreateTokenSchema>;

export const TokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** The token's last four characters, to tell tokens apart (`col_…abcd`). */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** When a call last used it (to the minute), or null. */
  lastUsedAt: z.string().nullable(),
});
export type Token = z.infer<typeof TokenSchema>;

/** POST /api/tokens: the token itself, this once. */
export const CreatedTokenSchema = TokenSchema.extend({
  token: z.string().describe("The token: shown this once, never again"),
});
export type CreatedToken = z.infer<typeof CreatedTokenSchema>;

export const TokenListSchema = z.object({ tokens: z.array(TokenSchema) });
