import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/**
 * Hostile inputs for the API fuzz suite (fuzz.test.ts): strings, JSON texts, ids and paths
 * that a careless server would answer with a 500, a crash or a polluted prototype.
 */

export const HUGE = 100_000;

/** Characters that break naive code: NUL, lone surrogates, RTL overrides, emoji, combining marks. */
const NASTY_CHARS = [
  "\u0000",
  "\ud800",
  "\udfff",
  "\u202e",
  "\u200f",
  "\u200b",
  "\ufeff",
  "\u0301",
  "\u2028",
  "😀",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "مرحبا",
  "שלום",
  "文字",
  "\n",
  "\r\n",
  "\t",
  "\\",
  '"',
  "'",
  "`",
  "%",
  "$",
  "@",
  "<",
  ">",
  "&",
  "{",
  "}",
];

/** SQL-ish, traversal and template strings. */
export const INJECTIONS = [
  "' OR 1=1--",
  "' OR '1'='1",
  '" OR ""="',
  "1; DROP TABLE payment_requests;--",
  "'; DELETE FROM users; --",
  "1' UNION SELECT * FROM users--",
  "../",
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e",
  "%2e%2e%2f%2e%2e%2f",
  "..%2f..%2f",
  "%252e%252e%252f",
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "$" + "{7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "//evil.example",
  "/\\evil.example",
  "null",
  "undefined",
  "NaN",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "00000000-0000-0000-0000-000000000000",
  "00000000-0000-4000-8000-000000000000",
];

const HUGE_STRINGS = [
  "x".repeat(HUGE),
  "😀".repeat(HUGE / 2),
  "\u0000".repeat(HUGE),
  "\u202e".repeat(HUGE),
  "'".repeat(HUGE),
];

/** Any string a caller could send, weighted towards the nasty ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...NASTY_CHARS), maxLength: 20 }),
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(...HUGE_STRINGS),
  // Around the schemas' limits (16, 32, 80, 100, 200, 2048 characters).
  fc
    .tuple(
      fc.constantFrom(15, 16, 17, 31, 32, 33, 79, 80, 81, 99, 100, 101, 199, 200, 201, 2049),
      fc.string(),
    )
    .map(([n, s]) => (s || "a").repeat(n).slice(0, n)),
  // A plausible value with one nasty character inside.
  fc
    .tuple(
      fc.constantFrom("Sam Lee", "2125550101", "25.50", "@sam", "Pizza"),
      fc.constantFrom(...NASTY_CHARS),
    )
    .map(([v, c]) => `${v.slice(0, 2)}${c}${v.slice(2)}`),
);

/** Values of the wrong type as well as hostile strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, true, false, null),
  fc.array(fc.oneof(hostileString, fc.integer(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(hostileString, fc.oneof(hostileString, fc.integer(), fc.constant(null)), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const POLLUTING_KEYS = ["__proto__", "constructor", "prototype"] as const;
const pollutingPayload = fc.constantFrom(
  '{"polluted":"yes"}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"toString":"not a function","polluted":true}',
);

/** Raw JSON with prototype-pollution keys (raw text, so `__proto__` survives as a key). */
export function pollutedJson(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const fields = JSON.stringify(valid).slice(1, -1);
  return fc
    .tuple(
      fc.constantFrom(...POLLUTING_KEYS),
      pollutingPayload,
      fc.constantFrom("top", "first", "nested", "array"),
      fc.constantFrom(...Object.keys(valid), "extra"),
    )
    .map(([key, payload, where, field]) => {
      const entry = `${JSON.stringify(key)}:${payload}`;
      switch (where) {
        case "top":
          return fields ? `{${fields},${entry}}` : `{${entry}}`;
        case "first":
          return fields ? `{${entry},${fields}}` : `{${entry}}`;
        case "nested":
          return `{${fields ? `${fields},` : ""}${JSON.stringify(field)}:{${entry}}}`;
        default:
          return `{${fields ? `${fields},` : ""}${JSON.stringify(field)}:[{${entry}},{${entry}}]}`;
      }
    });
}

/** Deeply nested arrays or objects, as raw JSON text. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(1000, 2000, 10_000, 30_000), fc.constantFrom("array", "object", "mixed"))
  .map(([depth, kind]) => {
    if (kind === "array") return `${"[".repeat(depth)}${"]".repeat(depth)}`;
    if (kind === "object") return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    return `${'{"a":['.repeat(depth / 2)}null${"]}".repeat(depth / 2)}`;
  });

/** Texts that are not JSON at all, or not quite. */
const brokenJson = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "[",
    "nul",
    '{"a":}',
    "{'a':1}",
    '{"a":1}garbage',
    "\u0000",
    "\ufeff{}",
    "{}{}",
    "NaN",
  ),
  fc.string({ maxLength: 40 }),
);

/**
 * A request body for a route whose valid body is `valid`: one field replaced by a hostile value,
 * a body of the wrong type, nesting 1000+ deep, prototype-pollution keys, broken or huge JSON.
 */
export function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const oneField = fc
    .tuple(keys.length > 0 ? fc.constantFrom(...keys) : fc.constant("x"), hostileValue)
    .map(([key, value]) => JSON.stringify({ ...valid, [key]: value }) ?? "null");
  const extraField = fc
    .tuple(hostileString, hostileValue)
    .map(([key, value]) => JSON.stringify({ ...valid, [key || "extra"]: value }) ?? "null");
  const missingField = fc
    .subarray(keys)
    .map((drop) =>
      JSON.stringify(Object.fromEntries(Object.entries(valid).filter(([k]) => !drop.includes(k)))),
    );
  const wholeValue = hostileValue.map((v) => JSON.stringify(v) ?? "null");
  const nestedField = fc
    .tuple(keys.length > 0 ? fc.constantFrom(...keys) : fc.constant("x"), deepJson)
    .map(([key, deep]) => `{${JSON.stringify(key)}:${deep}}`);
  return fc.oneof(
    { weight: 4, arbitrary: oneField },
    { weight: 1, arbitrary: extraField },
    { weight: 1, arbitrary: missingField },
    { weight: 2, arbitrary: wholeValue },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: nestedField },
    { weight: 2, arbitrary: pollutedJson(valid) },
    { weight: 1, arbitrary: brokenJson },
  );
}

/** Content types a caller might claim; JSON most of the time. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
      "application/json; charset=latin1",
      "application/JSON",
      "application/xml",
      "image/png",
      "*/*",
    ),
  },
);

/** Id path segments: traversal, SQL-ish, very long, unicode; `raw` ones are spliced in unencoded. */
export const hostileId: fc.Arbitrary<{ raw: boolean; value: string }> = fc.oneof(
  fc.constantFrom(...INJECTIONS).map((value) => ({ raw: true, value })),
  fc.constantFrom(...INJECTIONS).map((value) => ({ raw: false, value })),
  fc.uuid().map((value) => ({ raw: false, value })),
  fc.constantFrom(99, 100, 101, 1000, HUGE).map((n) => ({ raw: false, value: "a".repeat(n) })),
  hostileString.map((value) => ({ raw: false, value })),
);

export function idSegment(id: { raw: boolean; value: string }): string {
  return id.raw ? id.value : encodeURIComponent(id.value.replace(/[\ud800-\udfff]/g, "\ufffd"));
}

/** A query-string value: encoded hostile text, or raw injection text. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "\ufffd"))),
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom("%ED%A0%80", "%C0%AF", "%FF", "%E0%A4%A", "a&a=b&a=c", "a%00b", "%0d%0aSet-Cookie:%20x=1"),
);

/** What a leaking error message would contain: SQL, stack frames, file paths. */
const LEAK =
  /Failed query|params:|invalid byte sequence|violates|duplicate key|relation "|syntax error at|\n\s+at |node_modules|\/work\/|pglite|drizzle/i;

/**
 * The suite's invariants for one answer: never a 5xx, and every 4xx is JSON with a non-empty
 * string `message` that leaks nothing. `/pay/:code` answers its 404 as an HTML page by design.
 */
export function expectWellFormed(label: string, response: LightMyRequestResponse): void {
  const status = response.statusCode;
  expect(status, `${label} answered ${status}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (status < 400) return;
  const type = String(response.headers["content-type"] ?? "");
  if (status === 404 && type.startsWith("text/html") && /^\/pay\//.test(label.split(" ")[1] ?? "")) return;
  expect(type, `${label} → ${status} is not JSON: ${response.body.slice(0, 200)}`).toMatch(
    /^application\/json/,
  );
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`${label} → ${status} body is not JSON: ${response.body.slice(0, 200)}`);
  }
  const message = (body as { message?: unknown } | null)?.message;
  expect(typeof message, `${label} → ${status} has no string message: ${response.body.slice(0, 200)}`).toBe(
    "string",
  );
  expect((message as string).length, `${label} → ${status} has an empty message`).toBeGreaterThan(0);
  expect(response.body, `${label} → ${status} leaks internals`).not.toMatch(LEAK);
}

/** A short, printable description of a call for failure messages. */
export function describeCall(method: string, url: string, body?: string): string {
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…(${s.length} chars)` : s);
  return `${method} ${cut(url)}${body === undefined ? "" : ` ${cut(JSON.stringify(body))}`}`;
}
