import { reportAnswer, reportNoAnswer } from "#client/lib/connection.ts";
import { nextPageUrl } from "#shared/schemas/page.ts";

/** How a call treats 401: an error (default), or a null result for "not signed in" reads. */
export type On401 = "throw" | "returnNull";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Said when no answer came back at all (offline, server down); an English id, shown through `i18n._`. */
export const OFFLINE_MESSAGE = /*i18n*/ "Could not reach Collect. Check your connection.";

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A non-OK answer from the API. Its message is `${status}: ${body text || status text}`
 * (docs/product.md); `body` is the parsed JSON (or the text), and
 * `serverMessage`/`code`/`field` are the server's `{message, code, field}` when it sent them
 * (docs/product.md#errors).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, text: string, statusText = "") {
    super(`${status}: ${text || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = text ? parseBody(text) : null;
  }

  /**
   * The server's sentence (`{message}`) as a person reads it, without the field name the API
   * puts first for machines ("currentPassword: That is not…"); else the answer's text, else its
   * status text.
   */
  get serverMessage(): string {
    const body = this.body as { message?: unknown } | null;
    if (typeof body?.message !== "string" || !body.message) {
      return this.message.slice(`${this.status}: `.length);
    }
    const field = this.field;
    return field && body.message.startsWith(`${field}: `)
      ? capitalized(body.message.slice(field.length + 2))
      : withoutFieldName(body.message);
  }

  /** The server's machine-readable reason (`{code}`), when it sent one. */
  get code(): string | null {
    const body = this.body as { code?: unknown } | null;
    return typeof body?.code === "string" ? body.code : null;
  }

  /** The one field the server says is at fault (`{field}`, a dotted path: "amount", "paymentAccounts.0.accountHandle"). */
  get field(): string | null {
    const body = this.body as { field?: unknown } | null;
    return typeof body?.field === "string" && body.field ? body.field : null;
  }
}

function capitalized(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A field path as the API names it first: "currentPassword", "photoURL", "paymentAccounts.0.accountHandle". */
const FIELD_PREFIX = /^[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*: (?=\S)/;

/**
 * "photoURL: the upload was not found." → "The upload was not found.": the one place the
 * client turns the API's `field: sentence` into the sentence. Names a person reads ("Venmo: …")
 * start with a capital and stay.
 */
export function withoutFieldName(message: string): string {
  const sentence = message.replace(FIELD_PREFIX, "");
  return sentence === message ? message : capitalized(sentence);
}

/** A call, telling lib/connection.ts whether any answer came back (the "You're offline" banner). */
async function send(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await request(method, url, body);
  } catch (error) {
    // fetch rejects with a TypeError only when no answer came (offline, DNS, refused, CORS).
    if (error instanceof TypeError) reportNoAnswer();
    throw error;
  }
  reportAnswer();
  return response;
}

function request(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    credentials: "include",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * The one fetch wrapper: cookies always sent, JSON bodies, non-OK answers thrown as ApiError.
 * Resolves to the parsed JSON body (null when empty); callers parse it with a shared schema.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { on401?: On401 } = {},
): Promise<unknown> {
  const response = await send(method, url, body);
  if (options.on401 === "returnNull" && response.status === 401) return null;
  return jsonOf(response);
}

/** One page of a list: the JSON body, and the URL of the next page (null on the last one). */
export async function apiPage(url: string): Promise<{ body: unknown; next: string | null }> {
  const response = await send("GET", url);
  const body = await jsonOf(response);
  return { body, next: nextPageUrl(response.headers.get("link")) };
}

export type ApiErrorDetails = { status: number | null; message: string; code: string | null };

/**
 * What a failed call says: the status and the server's `{message, code}` for an ApiError, so
 * toasts show a sentence rather than raw JSON; network failures (a TypeError) have no status.
 */
export function apiErrorDetails(error: unknown): ApiErrorDetails {
  if (error instanceof ApiError) {
    return { status: error.status, message: error.serverMessage, code: error.code };
  }
  if (error instanceof TypeError) return { status: null, message: OFFLINE_MESSAGE, code: null };
  return { status: null, message: error instanceof Error ? error.message : String(error), code: null };
}

/** The server's sentence for a failed call. */
export function apiErrorMessage(error: unknown): string {
  return apiErrorDetails(error).message;
}

/** A 401 answer: the session ended. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
