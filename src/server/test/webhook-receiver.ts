import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One POST the receiver got, and whether the Standard Webhooks reference library verified it. */
export type Received = {
  id: string;
  type: string;
  body: string;
  headers: IncomingHttpHeaders;
  data: Record<string, unknown>;
  /** Verified with each secret the receiver was told, in order. */
  verifiedWith: boolean[];
};

/**
 * A webhook endpoint on loopback for tests: records each POST, verifies it with the reference
 * library against the secrets it is told (`trust`), and answers `nextStatus()` (200 unless told).
 */
export async function startWebhookReceiver(host = "127.0.0.1") {
  const received: Received[] = [];
  let secrets: string[] = [];
  let statuses: number[] = [];
  let delayMs = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = request.headers;
      const verifiedWith = secrets.map((secret) => {
        try {
          new Webhook(secret).verify(body, headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      });
      const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      received.push({
        id: String(headers["webhook-id"]),
        type: parsed.type,
        body,
        headers,
        data: parsed.data,
        verifiedWith,
      });
      response.statusCode = statuses.shift() ?? 200;
      setTimeout(() => response.end("ok"), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/hooks`,
    received,
    /** The secrets to verify with from now on. */
    trust(...given: string[]) {
      secrets = given;
    },
    /** The statuses of the next answers, in order; 200 after them. */
    answer(...given: number[]) {
      statuses = given;
    },
    /** Each answer waits this long after the body arrived (an endpoint that is slow to answer). */
    slow(ms: number) {
      delayMs = ms;
    },
    ofType: (type: string) => received.filter((r) => r.type === type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
