import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/env.ts";
import { type SamplerSettings, startTracing } from "./tracing";

/**
 * The request spans lib/tracing.ts makes, as its OTLP/HTTP exporter sends them to a receiver of
 * ours: their names, and which are kept under each OTEL_TRACES_SAMPLER. The whole server with its
 * database is tests/resilience/tracing.test.ts.
 */
type Attribute = { key: string; value: { stringValue?: string } };
type OtlpSpan = { traceId: string; name: string; kind: number; attributes: Attribute[] };
/** OTLP's SpanKind SERVER: a request's own span (its handler's is INTERNAL, under it). */
const SERVER = 2;
type ExportRequest = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };

let receiver: http.Server;
let endpoint: string;
const received: ExportRequest[] = [];
beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.url === "/v1/traces") received.push(JSON.parse(body) as ExportRequest);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

/** Runs `requests` through an app traced with `sampler`; the request spans that reached the receiver. */
async function traced(
  sampler: SamplerSettings | undefined,
  requests: { url: string; traceparent?: string }[],
): Promise<OtlpSpan[]> {
  const before = received.length;
  const tracing = startTracing(
    { endpoint, serviceName: "collect-test", ...(sampler ? { sampler } : {}) },
    "1.2.3",
  );
  const app = Fastify();
  try {
    await app.register(tracing.fastify);
    app.get("/api/payment-requests/:id", async () => ({ ok: true }));
    await app.ready();
    for (const { url, traceparent } of requests) {
      await app.inject({ method: "GET", url, headers: traceparent ? { traceparent } : {} });
    }
  } finally {
    await app.close();
    // Sends what is batched, then undoes the global provider (the next test starts its own).
    await tracing.shutdown();
  }
  return received
    .slice(before)
    .flatMap((r) => r.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)))
    .filter((span) => span.kind === SERVER);
}

const id = () => randomBytes(16).toString("hex");
const byId = (count: number) =>
  Array.from({ length: count }, () => ({ url: `/api/payment-requests/${id()}` }));
/** A caller's trace context, sampled (flag 01) or not (00). */
const parent = (sampled: boolean) => `00-${id()}-${randomBytes(8).toString("hex")}-${sampled ? "01" : "00"}`;

describe("request spans", () => {
  it("are named by the route's pattern, never the URL, or by the method alone when no route matched", async () => {
    const requestId = id();
    const spans = await traced(undefined, [
      { url: `/api/payment-requests/${requestId}?x=1` },
      { url: `/nowhere/${requestId}` },
    ]);
    expect(spans.map((span) => span.name).sort()).toEqual(["GET", "GET /api/payment-requests/:id"]);
    const route = spans.find((span) => span.name !== "GET");
    expect(route?.attributes.find((a) => a.key === "http.route")?.value.stringValue).toBe(
      "/api/payment-requests/:id",
    );
    for (const span of spans) expect(span.name).not.toContain(requestId);
  });
});

describe("OTEL_TRACES_SAMPLER", () => {
  it("unset, keeps every trace", async () => {
    expect(await traced(undefined, byId(20))).toHaveLength(20);
  });

  it("parentbased_traceidratio keeps that share of the traces that start here, and follows a caller's decision", async () => {
    const none = await traced({ name: "parentbased_traceidratio", ratio: 0 }, [
      ...byId(30),
      ...byId(5).map((request) => ({ ...request, traceparent: parent(false) })),
    ]);
    expect(none).toEqual([]);
    const sampledCallers = byId(5).map((request) => ({ ...request, traceparent: parent(true) }));
    const followed = await traced({ name: "parentbased_traceidratio", ratio: 0 }, sampledCallers);
    expect(followed.map((span) => span.traceId).sort()).toEqual(
      sampledCallers.map((request) => request.traceparent.split("-")[1]).sort(),
    );
    // A quarter of 400 by trace id: 100 ± 9 (one standard deviation); the bounds are 5 of them out.
    const quarter = await traced({ name: "parentbased_traceidratio", ratio: 0.25 }, byId(400));
    expect(quarter.length).toBeGreaterThan(55);
    expect(quarter.length).toBeLessThan(145);
  });

  it("always_off keeps nothing, a caller's sampled trace included", async () => {
    expect(
      await traced({ name: "always_off", ratio: 1 }, [
        ...byId(5),
        { url: "/api/payment-requests/1", traceparent: parent(true) },
      ]),
    ).toEqual([]);
  });

  it("is read with its ratio from the environment, and a ratio alone is refused", () => {
    const endpointSet = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector:4318" };
    expect(
      loadConfig({
        ...endpointSet,
        OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
        OTEL_TRACES_SAMPLER_ARG: "0.1",
      }).tracing?.sampler,
    ).toEqual({ name: "parentbased_traceidratio", ratio: 0.1 });
    expect(loadConfig({ ...endpointSet, OTEL_TRACES_SAMPLER: "traceidratio" }).tracing?.sampler).toEqual({
      name: "traceidratio",
      ratio: 1,
    });
    expect(loadConfig(endpointSet).tracing?.sampler).toBeUndefined();
    // OpenTelemetry ignores the ratio without a ratio sampler: everything would be traced.
    expect(() => loadConfig({ ...endpointSet, OTEL_TRACES_SAMPLER_ARG: "0.1" })).toThrow(
      /^Invalid configuration: OTEL_TRACES_SAMPLER_ARG is read only with OTEL_TRACES_SAMPLER=parentbased_traceidratio or traceidratio/,
    );
    expect(() =>
      loadConfig({ ...endpointSet, OTEL_TRACES_SAMPLER: "traceidratio", OTEL_TRACES_SAMPLER_ARG: "2" }),
    ).toThrow(/^Invalid configuration: OTEL_TRACES_SAMPLER_ARG /);
    expect(() => loadConfig({ ...endpointSet, OTEL_TRACES_SAMPLER: "jaeger_remote" })).toThrow(
      /^Invalid configuration: OTEL_TRACES_SAMPLER /,
    );
  });
});
