// OpenTelemetry traces, loaded by main.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set: a server
// without it never imports this chunk (docs/decisions/027-tracing.md, scripts/build-server.test.ts).
//
// The server is one esbuild bundle, so the SDK's usual require/import hooks never see fastify or
// pg (they are not loaded from node_modules). Each instrumentation is therefore attached to the
// thing itself: @fastify/otel is registered on the app as a plugin (request spans, extracting the
// incoming traceparent), the pg instrumentation's own patches are applied to the pg module the
// database client imported, PGlite's queries get spans here, and fetch (undici) and node:http
// client calls are seen through diagnostics_channel and Node's own modules, which no bundle holds.
// Every span leaves without the secrets a URL carried (redactingExporter below).
import FastifyOtelInstrumentation from "@fastify/otel";
import {
  type Attributes,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
} from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import { redactSecrets } from "#server/lib/secret-paths.ts";

/** What the database client hands over so that its queries get spans. */
export type DriverTracing = {
  /** The pg module, as imported (`import("pg")`). */
  pg(module: unknown): void;
  /** A PGlite instance: its query, exec and transactions. */
  pglite<T extends object>(client: T): T;
};

export type Tracing = {
  /** Registered on the app before any route: one server span per request. */
  fastify: FastifyPluginCallback;
  database: DriverTracing;
  /**
   * Sends what is left (at shutdown), and undoes what starting did to the process (instrumentation,
   * the global provider and context): nothing is traced afterwards, not even in the next test file
   * of a test worker, which shares the process.
   */
  shutdown(): Promise<void>;
};

/** A request's span name: its method and route pattern, or its method when no route matched. */
export function spanNameOf(request: Pick<FastifyRequest, "method" | "routeOptions">): string {
  return request.routeOptions.url ? `${request.method} ${request.routeOptions.url}` : request.method;
}

/** The request id (X-Request-Id, given or made) on the request's span, to find its log lines. */
export const REQUEST_ID_ATTRIBUTE = "collect.request_id";

/** OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, as env.ts reads them. */
export type SamplerSettings = {
  name:
    | "always_on"
    | "always_off"
    | "traceidratio"
    | "parentbased_always_on"
    | "parentbased_always_off"
    | "parentbased_traceidratio";
  /** The share of traces kept by a ratio sampler, 0 to 1. */
  ratio: number;
};

/**
 * Which traces are kept, by OpenTelemetry's names for its samplers. `parentbased_*` follows the
 * caller's decision (the sampled flag of an incoming traceparent) and applies its own only to a
 * trace that starts here; a ratio keeps that share of traces, by trace id, so a trace is kept or
 * dropped whole. Unset: parentbased_always_on, the SDK's default.
 */
export function samplerOf(settings: SamplerSettings | undefined): Sampler {
  const ratio = new TraceIdRatioBasedSampler(settings?.ratio ?? 1);
  switch (settings?.name ?? "parentbased_always_on") {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return ratio;
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: ratio });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

export function startTracing(
  settings: { endpoint: string; serviceName: string; sampler?: SamplerSettings },
  version: string,
): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: settings.serviceName,
      [ATTR_SERVICE_VERSION]: version,
    }),
    // Given here, from the settings env.ts checked, rather than read by the SDK from the
    // environment, which only logs a bad value to a diagnostic logger nobody set.
    sampler: samplerOf(settings.sampler),
    // Batches: OTEL_BSP_SCHEDULE_DELAY and the other OTEL_BSP_* variables apply.
    spanProcessors: [
      new BatchSpanProcessor(
        redactingExporter(new OTLPTraceExporter({ url: `${settings.endpoint}/v1/traces` })),
      ),
    ],
  });
  // The global provider, W3C traceparent propagation and an AsyncLocalStorage context.
  provider.register();

  const pg = new PgInstrumentation({ requireParentSpan: true });
  const fastify = new FastifyOtelInstrumentation({
    registerOnInitialization: false,
    // The request and its handler; one span per hook would be ~15 more a request.
    instrumentHooks: false,
    // Named as HTTP server spans are, by the route's pattern ("GET /pay/:code"), never the URL
    // (its ids and codes would make every span a name of its own), or by the method alone when
    // no route matched; not "request".
    requestHook: (span: Span, request: FastifyRequest) => {
      span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
      span.updateName(spanNameOf(request));
    },
  });
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      fastify,
      pg,
      // Server spans come from @fastify/otel, which knows the route; outgoing calls from these.
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      new UndiciInstrumentation(),
    ],
  });

  const tracer = provider.getTracer("collect-pglite");
  return {
    fastify: fastify.plugin() as FastifyPluginCallback,
    database: {
      pg(module) {
        patchBundled(pg, module as { default?: unknown });
      },
      pglite: (client) => tracePglite(client, tracer),
    },
    shutdown: async () => {
      unregister();
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
  };
}

/**
 * The exporter, handed every span without the secrets its URLs carried (lib/secret-paths.ts): its
 * name, and every string among its attributes, events, links and status. One place at the end
 * rather than each instrumentation's hook: @fastify/otel sets `url.path` to the raw URL as it
 * starts a span, the http and undici instrumentations set `url.full`, `http.target` or `http.url`
 * on theirs, and an error's message may quote a URL; all of them pass here.
 */
export function redactingExporter(exporter: SpanExporter): SpanExporter {
  return {
    export: (spans, done) => exporter.export(spans.map(redactSpan), done),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

function redactAttributes<T extends Attributes | undefined>(attributes: T): T {
  if (!attributes) return attributes;
  let changed = false;
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    const clean = Array.isArray(value)
      ? value.map((item) => (typeof item === "string" ? redactSecrets(item) : item))
      : typeof value === "string"
        ? redactSecrets(value)
        : value;
    if (Array.isArray(value) ? value.some((item, i) => item !== (clean as unknown[])[i]) : clean !== value)
      changed = true;
    out[key] = clean as Attributes[string];
  }
  return changed ? (out as T) : attributes;
}

/** `span` as it is when nothing in it is a secret, else a copy without them. */
function redactSpan(span: ReadableSpan): ReadableSpan {
  const name = redactSecrets(span.name);
  const attributes = redactAttributes(span.attributes);
  const events = span.events.map((event) => {
    const eventName = redactSecrets(event.name);
    const eventAttributes = redactAttributes(event.attributes);
    return eventName === event.name && eventAttributes === event.attributes
      ? event
      : { ...event, name: eventName, attributes: eventAttributes };
  });
  const links = span.links.map((link) => {
    const linkAttributes = redactAttributes(link.attributes);
    return linkAttributes === link.attributes ? link : { ...link, attributes: linkAttributes };
  });
  const message = span.status.message === undefined ? undefined : redactSecrets(span.status.message);
  if (
    name === span.name &&
    attributes === span.attributes &&
    message === span.status.message &&
    events.every((event, i) => event === span.events[i]) &&
    links.every((link, i) => link === span.links[i])
  )
    return span;
  return {
    name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: message === undefined ? span.status : { ...span.status, message },
    attributes,
    links,
    events,
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

type ModuleDefinition = {
  name: string;
  patch?: (exports: unknown, version?: string) => unknown;
};

/**
 * Applies an instrumentation's patches to a module the bundle holds: what its require hook would
 * do, had Node loaded the module from node_modules. pg's definitions are `pg` (Client) and
 * `pg-pool` (the Pool that pg's own Pool extends).
 */
function patchBundled(instrumentation: PgInstrumentation, imported: { default?: unknown }) {
  const pgModule = (imported.default ?? imported) as { Pool: abstract new (...args: never[]) => unknown };
  const definitions = (
    instrumentation as unknown as { getModuleDefinitions(): ModuleDefinition[] }
  ).getModuleDefinitions();
  for (const definition of definitions) {
    const target = definition.name === "pg-pool" ? Object.getPrototypeOf(pgModule.Pool) : pgModule;
    definition.patch?.(target);
  }
}

type Queryable = {
  query?: (...args: unknown[]) => Promise<unknown>;
  exec?: (...args: unknown[]) => Promise<unknown>;
  transaction?: (run: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
};

/** Spans for PGlite's statements, named and described as the pg instrumentation's are. */
function tracePglite<T extends object>(client: T, tracer: ReturnType<NodeTracerProvider["getTracer"]>): T {
  const wrap = (target: Queryable) => {
    for (const method of ["query", "exec"] as const) {
      const original = target[method];
      if (typeof original !== "function") continue;
      target[method] = function traced(this: unknown, ...args: unknown[]) {
        // Only inside a request's or a job's trace, as with pg (requireParentSpan).
        if (!trace.getSpan(context.active())) return original.apply(this, args);
        const text = typeof args[0] === "string" ? args[0] : "";
        return tracer.startActiveSpan(
          spanName(text),
          {
            kind: SpanKind.CLIENT,
            attributes: { "db.system.name": "postgresql", "db.query.text": text },
          },
          (span) =>
            original.apply(this, args).then(
              (result) => {
                span.end();
                return result;
              },
              (error: Error) => {
                span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
                span.end();
                throw error;
              },
            ),
        );
      };
    }
  };
  const queryable = client as Queryable;
  wrap(queryable);
  const transaction = queryable.transaction;
  if (typeof transaction === "function") {
    queryable.transaction = function tracedTransaction(this: unknown, run) {
      return transaction.call(this, (tx) => {
        wrap(tx as Queryable);
        return run(tx);
      });
    };
  }
  return client;
}

/** "SELECT", "INSERT", ...: the statement's first word, as pg's spans are named. */
function spanName(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "query";
}
