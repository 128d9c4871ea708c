import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { type AddressPolicy, addressProblem, checkedLookup, RefusedAddress } from "./address";

/** What one attempt came to: the endpoint's status, or why there was none. */
export type PostResult = { status: number } | { error: string };

/** An endpoint has this long to answer, connection included (Standard Webhooks suggests 15 s at most). */
export const POST_TIMEOUT_MS = 10_000;
/** What of an answer is read (and then dropped): nothing of it is kept. */
const ANSWER_BYTES_MAX = 4_096;

/**
 * POSTs one webhook. Redirects are not followed (an endpoint that moves is told to the owner as
 * its 3xx), the connection goes only to an address the policy allows (address.ts), and the whole
 * exchange is bounded by `timeoutMs`. Never throws.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: AddressPolicy,
  timeoutMs = POST_TIMEOUT_MS,
): Promise<PostResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ error: "The endpoint's address is not valid." });
      return;
    }
    // A literal address is never looked up, so the socket's check would not run: checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    const refused = isIP(literal) ? addressProblem(literal, policy, target.protocol) : null;
    if (refused) {
      resolve({ error: refused });
      return;
    }
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Collect-Webhooks/1",
        },
        lookup: checkedLookup(policy, target.protocol) as never,
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES_MAX) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0 });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    request.on("error", (error) => resolve({ error: whyFailed(error, timeoutMs) }));
    request.end(body);
  });
}

function whyFailed(error: Error, timeoutMs: number): string {
  if (error instanceof RefusedAddress) return error.message;
  if (error.name === "AbortError" || error.name === "TimeoutError") {
    return `No answer within ${Math.round(timeoutMs / 1000)} seconds.`;
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "The endpoint's host name does not resolve.";
  if (code === "ECONNREFUSED") return "The endpoint refused the connection.";
  if (code === "ECONNRESET") return "The endpoint closed the connection.";
  if (code?.startsWith("ERR_TLS") || code?.includes("CERT"))
    return "The endpoint's TLS certificate is not valid.";
  return "The endpoint could not be reached.";
}
