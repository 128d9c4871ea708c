import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDatabase,
  dropDatabases,
  REQUEST,
  type ServerProcess,
  signUp,
  startServer,
} from "./server-process";

/**
 * OpenTelemetry (docs/decisions/027-tracing.md): the compiled server, started with
 * OTEL_EXPORTER_OTLP_ENDPOINT, sends its traces over OTLP/HTTP to a receiver of ours; without it,
 * nothing of OpenTelemetry is even loaded. A load hook (fixtures/report-otel-load.mjs) says on
 * stderr when the module holding the exporter is loaded.
 */
const root = path.resolve(import.meta.dirname, "../..");
const withLoadReport = {
  cwd: root,
  command: [
    process.execPath,
    "--import",
    path.join(import.meta.dirname, "fixtures/report-otel-load.mjs"),
    path.join(root, "dist/server/main.js"),
  ],
};

type Attribute = { key: string; value: { stringValue?: string; intValue?: number | string } };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attribute[];
};
type ExportRequest = {
  resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
};

const SERVER = 2;
const CLIENT = 3;
const attribute = (item: { attributes: Attribute[] }, key: string) => {
  const value = item.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** A local OTLP/HTTP receiver: keeps every POST /v1/traces body (JSON, as the server's exporter sends). */
async function startReceiver() {
  const requests: ExportRequest[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/v1/traces") {
        expect(request.headers["content-type"]).toBe("application/json");
        requests.push(JSON.parse(body) as ExportRequest);
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const spans = () =>
    requests.flatMap((r) =>
      r.resourceSpans.flatMap((rs) =>
        rs.scopeSpans.flatMap((ss) => ss.spans.map((span) => ({ ...span, resource: rs.resource }))),
      ),
    );
  return { url, requests, spans, close: () => new Promise((resolve) => server.close(resolve)) };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await dropDatabases();
});

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe.each([
  ["the embedded database", async () => ({})],
  ["PostgreSQL", async () => ({ DATABASE_URL: (await createDatabase()).url })],
])("with OTEL_EXPORTER_OTLP_ENDPOINT, on %s", (_name, database) => {
  it("sends a server span for the route, in the caller's trace, with its database queries inside", async () => {
    const server = await startServer(
      {
        ...(await database()),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: "100",
        LOG_LEVEL: "info",
      },
      undefined,
      withLoadReport,
    );
    try {
      expect(server.output()).toContain("opentelemetry loaded");
      const startUp = server
        .output()
        .split("\n")
        .find((line) => line.includes("Collect is running"));
      expect(JSON.parse(startUp ?? "{}").tracing).toBe(`on → ${new URL(receiver.url).host}`);

      const client = await signUp(server.base);
      const created = await client.call("POST", "/api/payment-requests", REQUEST);
      expect(created.status).toBe(201);
      const { request: made } = (await created.json()) as { request: { shortUrl: string } };
      const code = made.shortUrl.split("/").pop();

      // A caller already in a trace (a proxy, a front end): the page's span joins it.
      const traceId = randomBytes(16).toString("hex");
      const callerSpanId = randomBytes(8).toString("hex");
      const requestId = `trace-test-${randomBytes(4).toString("hex")}`;
      const page = await fetch(`${server.base}/pay/${code}`, {
        headers: { traceparent: `00-${traceId}-${callerSpanId}-01`, "x-request-id": requestId },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get("x-request-id")).toBe(requestId);

      const deadline = Date.now() + 10_000;
      const inTrace = () => receiver.spans().filter((s) => s.traceId === traceId);
      const isServer = (s: OtlpSpan) => s.kind === SERVER && attribute(s, "http.route") === "/pay/:code";
      // (pg's connection spans carry no statement.)
      const isQuery = (s: OtlpSpan) =>
        s.kind === CLIENT &&
        attribute(s, "db.system.name") === "postgresql" &&
        attribute(s, "db.query.text") !== undefined;
      while (Date.now() < deadline && !(inTrace().some(isServer) && inTrace().some(isQuery))) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const spans = inTrace();
      const request = spans.find(isServer);
      expect(request, JSON.stringify(spans.map((s) => [s.name, s.kind]))).toBeDefined();
      if (!request) return;
      expect(request.parentSpanId).toBe(callerSpanId);
      expect(request.name).toBe("GET /pay/:code");
      expect(attribute(request, "http.request.method")).toBe("GET");
      expect(attribute(request, "http.response.status_code")).toBe(200);
      expect(attribute(request, "collect.request_id")).toBe(requestId);
      expect(attribute(request.resource, "service.name")).toBe("collect");

      // Every query of the page is a span under the request's (its handler's span between).
      const queries = spans.filter(isQuery);
      expect(queries.length).toBeGreaterThan(0);
      const byId = new Map(spans.map((s) => [s.spanId, s]));
      for (const query of queries) {
        const ancestors: string[] = [];
        for (let at = byId.get(query.parentSpanId ?? ""); at; at = byId.get(at.parentSpanId ?? "")) {
          ancestors.push(at.spanId);
        }
        expect(ancestors).toContain(request.spanId);
        expect(String(attribute(query, "db.query.text"))).toMatch(/^\s*(select|with)\b/i);
      }
    } finally {
      await stop(server);
    }
  }, 120_000);
});

it("loads nothing of OpenTelemetry without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
  const before = receiver.requests.length;
  const server = await startServer(
    { OTEL_SERVICE_NAME: "collect-untraced", LOG_LEVEL: "info" },
    undefined,
    withLoadReport,
  );
  try {
    expect((await fetch(`${server.base}/pay/nothing-here`)).status).toBe(404);
    const startUp = server
      .output()
      .split("\n")
      .find((line) => line.includes("Collect is running"));
    expect(JSON.parse(startUp ?? "{}").tracing).toBe("off");
    expect(server.output()).not.toContain("opentelemetry loaded");
  } finally {
    await stop(server);
  }
  expect(receiver.requests.length).toBe(before);
}, 60_000);
