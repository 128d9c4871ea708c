import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "#shared/input-limits.ts";

/**
 * Keyset pages (docs/decisions/015-keyset-pagination.md): a list answers one page and names the
 * next one in a `Link: <…>; rel="next"` header (RFC 8288). The cursor is opaque to callers:
 * base64url of the last row's sort key, checked by the list's own schema when it comes back.
 */
const LIMIT_MESSAGE = `Limit: a whole number from 1 to ${PAGE_LIMIT_MAX}.`;

export const PageLimitSchema = z.coerce
  .number(LIMIT_MESSAGE)
  .int(LIMIT_MESSAGE)
  .min(1, LIMIT_MESSAGE)
  .max(PAGE_LIMIT_MAX, LIMIT_MESSAGE)
  .default(PAGE_LIMIT_DEFAULT);

const INVALID_CURSOR = "Invalid cursor.";

export function encodeCursor(key: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(key));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function decodeCursor(cursor: string): unknown {
  const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
}

/** A `cursor` query parameter that decodes to `key`'s shape, or a 400 "Invalid cursor.". */
export function cursorSchema<T extends z.ZodType>(key: T) {
  return z
    .string()
    .max(1024, INVALID_CURSOR)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR)
    .transform((cursor, ctx): z.output<T> => {
      let decoded: unknown;
      try {
        decoded = decodeCursor(cursor);
      } catch {
        decoded = undefined;
      }
      const parsed = key.safeParse(decoded);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: INVALID_CURSOR });
      return z.NEVER;
    });
}

/** Any 8-4-4-4-12 hex id (our rows' ids; zod's `guid` checks no version bits). */
export const UuidSchema = z.guid();

/**
 * A database timestamp to the microsecond, "2026-11-25T01:21:04.123456Z": a JavaScript Date
 * keeps only milliseconds, and two rows of one millisecond must still page apart.
 */
export const MicrosecondTimeSchema = z
  .string()
  .regex(/^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .refine((iso) => {
    const ms = `${iso.slice(0, 23)}Z`;
    const date = new Date(ms);
    return !Number.isNaN(date.getTime()) && date.toISOString() === ms;
  });

/** A list's URL with its query parameters, empty and undefined ones left out. */
export function listUrl(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The `Link` header naming the next page: the same query with the next cursor (RFC 8288 target). */
export function nextPageLink(path: string, query: Record<string, string | number | undefined>): string {
  return `<${listUrl(path, query)}>; rel="next"`;
}

/**
 * The target of a `Link` header's `rel="next"` (RFC 8288), or null when there is none: the next
 * page of a list (docs/decisions/015-keyset-pagination.md).
 */
export function nextPageUrl(link: string | null): string | null {
  for (const part of link?.split(",") ?? []) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(match?.[2] ?? "");
    const rels = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
    if (match && rels.includes("next")) return match[1] ?? null;
  }
  return null;
}
