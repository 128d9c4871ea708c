import type { QueryFunction } from "@tanstack/react-query";

/** How a call treats 401: an error (default), or a null result for "not signed in" reads. */
export type On401 = "throw" | "returnNull";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Spec §7: a non-OK answer becomes `${status}: ${body text || status text}`. */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  throw new Error(`${response.status}: ${text || response.statusText}`);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * The one fetch wrapper (spec §7): cookies always sent, JSON bodies, non-OK answers thrown.
 * Resolves to the parsed JSON body (null when empty); callers parse it with a shared schema.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { on401?: On401 } = {},
): Promise<unknown> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (options.on401 === "returnNull" && response.status === 401) return null;
  await throwIfNotOk(response);
  return readJson(response);
}

/** TanStack Query reads: the query key joined by "/" is the URL (["/api/payees"]). */
export function getQueryFn({ on401 }: { on401: On401 }): QueryFunction<unknown> {
  return ({ queryKey }) => apiRequest("GET", queryKey.join("/"), undefined, { on401 });
}

export type ApiErrorDetails = { status: number | null; message: string; code: string | null };

/**
 * Splits an error thrown by apiRequest into its status and the server's `{message, code}`,
 * so toasts show a sentence rather than raw JSON. Network failures have no status.
 */
export function apiErrorDetails(error: unknown): ApiErrorDetails {
  const raw = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(raw);
  if (!match) {
    const offline = error instanceof TypeError;
    return {
      status: null,
      message: offline ? "Could not reach Collect. Check your connection." : raw,
      code: null,
    };
  }
  const status = Number(match[1]);
  const text = match[2] ?? "";
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    return {
      status,
      message: typeof body.message === "string" && body.message ? body.message : text,
      code: typeof body.code === "string" ? body.code : null,
    };
  } catch {
    return { status, message: text, code: null };
  }
}

/** The server's sentence for a failed call. */
export function apiErrorMessage(error: unknown): string {
  return apiErrorDetails(error).message;
}

/** Spec §8: a failure whose message starts with "401" means the session ended. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: /.test(error.message);
}
