import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";

/** better-auth reads the client IP from this header, which we set from the socket (or trusted proxy). */
export const CLIENT_IP_HEADER = "x-collect-client-ip";

/** The request's headers as a Fetch Headers, with the client IP header set by us, never by the caller. */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip); // replaces whatever the caller sent under that name
  return headers;
}

/** Copies every Set-Cookie of a Fetch Response onto the reply. */
export function forwardCookies(reply: FastifyReply, response: Response): void {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}

/** Copies a Fetch Response (status, headers, every Set-Cookie, body) onto the Fastify reply. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  }
  forwardCookies(reply, response);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}
