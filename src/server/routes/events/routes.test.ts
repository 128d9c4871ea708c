import http from "node:http";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it, vi } from "vitest";
import { CAPS } from "#server/limits.ts";
import { suppressionToken } from "#server/mail/suppression.ts";
import { stopToken } from "#server/reminders/reminders-mail.ts";
import {
  as,
  buildTestApp,
  createReadyUser,
  describeEachDatabase,
  nextIp,
  retryAfterSeconds,
  TEST_ORIGIN,
  TEST_SECRET,
  type TestUser,
  until,
} from "#server/test/harness.ts";
import { MAX_STREAMS_PER_USER, STREAM_RETRY_MS } from "./routes";

type Received = { id: string; event: string; data: { kind?: string; requestId?: string }; at: number };

/** An EventSource's view of GET /api/events, read with fetch: the parsed events as they come. */
async function openStream(app: FastifyInstance, user: TestUser) {
  const opened = Date.now();
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("app is not listening");
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${address.port}/api/events`, {
    headers: { cookie: user.cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  const events: Received[] = [];
  const state = { ended: false, finished: false, text: "" };
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          state.finished = true;
          break;
        }
        state.text += decoder.decode(value, { stream: true });
        for (let end = state.text.indexOf("\n\n"); end >= 0; end = state.text.indexOf("\n\n")) {
          const block = state.text.slice(0, end);
          state.text = state.text.slice(end + 2);
          const field = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(block)?.[1];
          const event = field("event");
          if (event)
            events.push({
              id: field("id") ?? "",
              event,
              data: JSON.parse(field("data") ?? "{}"),
              at: Date.now(),
            });
        }
      }
    } catch {
      // aborted by the test
    }
    state.ended = true;
    return Date.now();
  })();
  return { response, events, state, opened, ended, close: () => controller.abort() };
}

/** An open GET /api/events on its own socket, closed with it (a tab that goes away). */
function rawStream(app: FastifyInstance, user: TestUser): Promise<{ status: number; close(): void }> {
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("app is not listening");
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: "127.0.0.1",
        port: address.port,
        path: "/api/events",
        agent: false,
        headers: { cookie: user.cookie, accept: "text/event-stream" },
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
      },
    );
    request.on("error", reject);
  });
}

const NEW_REQUEST = { recipientName: "Alex", recipientPhone: "2125550101", amount: "12.00" };

describeEachDatabase("live events (GET /api/events)", (ctx) => {
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  });

  it("is for signed-in users only", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/events", remoteAddress: nextIp() });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe("Unauthorized");
    const user = await createReadyUser(ctx.app);
    const notAStream = await as(ctx.app, user)("GET", "/api/events");
    expect(notAStream.statusCode).toBe(406);
  });

  it("refuses a stream past the per-user bound with Retry-After, and takes one again once a tab closes", async () => {
    const user = await createReadyUser(ctx.app);
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, () => rawStream(ctx.app, user)),
    );
    try {
      expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
      const refused = await ctx.app.inject({
        method: "GET",
        url: "/api/events",
        headers: { cookie: user.cookie, accept: "text/event-stream" },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Too many open tabs/);
      expect(retryAfterSeconds(refused)).toBe(STREAM_RETRY_MS / 1000);

      streams.pop()?.close();
      // The server frees the slot when it sees the socket close, a moment later.
      const again = await vi.waitFor(
        async () => {
          const stream = await rawStream(ctx.app, user);
          if (stream.status === 429) throw new Error("still at the bound");
          return stream;
        },
        { timeout: 2_000, interval: 20 },
      );
      streams.push(again);
      expect(again.status).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("pushes each of the user's changes within 2 s, and never another user's", async () => {
    const [alice, bob] = [await createReadyUser(ctx.app), await createReadyUser(ctx.app)];
    const [a, b] = [await openStream(ctx.app, alice), await openStream(ctx.app, bob)];
    try {
      expect(a.response.status).toBe(200);
      expect(a.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const call = as(ctx.app, alice);
      const sent = Date.now();
      const { request } = (await call("POST", "/api/payment-requests", NEW_REQUEST)).json();
      await until(() => a.events.some((e) => e.data.kind === "created"));
      const code = request.shortUrl.split("/").pop();
      const payer = (action: string, body?: unknown) =>
        ctx.app.inject({
          method: "POST",
          url: `/api/payment-screen/${code}/${action}`,
          remoteAddress: nextIp(),
          headers: { origin: TEST_ORIGIN, ...(body ? { "content-type": "application/json" } : {}) },
          payload: body ? JSON.stringify(body) : undefined,
        });
      await payer("view");
      await payer("claim", { via: "venmo" });
      await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
      await until(() => a.events.length >= 4);
      expect(a.events.map((e) => e.data)).toEqual(
        ["created", "viewed", "claimed", "paid"].map((kind) => ({ kind, requestId: request.id })),
      );
      expect(new Set(a.events.map((e) => e.id)).size).toBe(4);
      for (const event of a.events) expect(event.at - sent).toBeLessThan(2_000);

      const theirs = (await as(ctx.app, bob)("POST", "/api/payment-requests", NEW_REQUEST)).json().request;
      await until(() => b.events.length === 1);
      expect(b.events[0]?.data).toEqual({ kind: "created", requestId: theirs.id });
      expect(JSON.stringify(b.events)).not.toContain(request.id);
      // Alice's next request is announced after Bob's: once it reaches her stream, Bob's would have.
      const marker = (await call("POST", "/api/payment-requests", NEW_REQUEST)).json().request;
      await until(() => a.events.some((e) => e.data.requestId === marker.id));
      expect(JSON.stringify(a.events)).not.toContain(theirs.id);
    } finally {
      a.close();
      b.close();
    }
  });

  it("tells the requester at once when the payer stops reminders or asks for no more emails", async () => {
    const user = await createReadyUser(ctx.app);
    const stream = await openStream(ctx.app, user);
    try {
      const call = as(ctx.app, user);
      const payerEmail = "priya@events.test";
      const made = await call("POST", "/api/payment-requests", { ...NEW_REQUEST, payerEmail });
      expect(made.statusCode, made.body).toBe(201);
      const { request } = made.json();
      const { id: userId } = (await call("GET", "/api/auth/user")).json();
      const payer = (url: string) =>
        ctx.app.inject({
          method: "POST",
          url,
          remoteAddress: nextIp(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "List-Unsubscribe=One-Click",
        });
      expect(
        (await payer(`/api/payment-requests/stop-reminders/${stopToken(request.id, TEST_SECRET)}`))
          .statusCode,
      ).toBe(200);
      await until(() => stream.events.filter((e) => e.data.kind === "stopped").length === 1);
      const fromRequester = suppressionToken(TEST_SECRET, { requesterId: userId }, payerEmail);
      expect((await payer(`/api/mail/stop/${fromRequester}`)).statusCode).toBe(200);
      await until(() => stream.events.filter((e) => e.data.kind === "stopped").length === 2);
      expect(stream.events.filter((e) => e.data.kind === "stopped").map((e) => e.data.requestId)).toEqual([
        request.id,
        request.id,
      ]);
    } finally {
      stream.close();
    }
  });

  it("announces each share of a new split as created", async () => {
    const user = await createReadyUser(ctx.app);
    const stream = await openStream(ctx.app, user);
    try {
      const people = [
        { name: "Ana Ruiz", phone: "2125550101" },
        { name: "Bo Chen", phone: "2125550102" },
      ];
      const split = (await as(ctx.app, user)("POST", "/api/splits", { total: "50.00", people })).json();
      await until(() => stream.events.length === 2);
      expect(stream.events.map((e) => e.data)).toEqual(
        split.shares.map((share: { request: { id: string } }) => ({
          kind: "created",
          requestId: share.request.id,
        })),
      );
    } finally {
      stream.close();
    }
  });

  it("delivers changes made through another app process, and ends its streams when the app closes", async () => {
    const other = await buildTestApp(ctx.database);
    await other.listen({ port: 0, host: "127.0.0.1" });
    const alice = await createReadyUser(ctx.app);
    const stream = await openStream(other, alice);
    try {
      const { request } = (await as(ctx.app, alice)("POST", "/api/payment-requests", NEW_REQUEST)).json();
      await until(() => stream.events.some((e) => e.data.requestId === request.id));
    } finally {
      const closing = Date.now();
      await other.close();
      await until(() => stream.state.ended);
      expect(Date.now() - closing).toBeLessThan(2_000);
      stream.close();
    }
  });

  it("numbers each stream's events on its own: ids say nothing about other users", async () => {
    const [alice, bob] = [await createReadyUser(ctx.app), await createReadyUser(ctx.app)];
    const [a, b] = [await openStream(ctx.app, alice), await openStream(ctx.app, bob)];
    try {
      await as(ctx.app, bob)("POST", "/api/payment-requests", NEW_REQUEST);
      await as(ctx.app, bob)("POST", "/api/payment-requests", NEW_REQUEST);
      await until(() => b.events.length === 2);
      await as(ctx.app, alice)("POST", "/api/payment-requests", NEW_REQUEST);
      await until(() => a.events.length === 1);
      expect(a.events.map((e) => e.id)).toEqual(["1"]);
      expect(b.events.map((e) => e.id)).toEqual(["1", "2"]);
    } finally {
      a.close();
      b.close();
    }
  });

  it("refuses a stream past the per-address bound, whoever is signed in", async () => {
    const perAddress = CAPS.eventStreams.perAddress;
    const users = await Promise.all(
      Array.from({ length: Math.ceil(perAddress / MAX_STREAMS_PER_USER) + 1 }, () =>
        createReadyUser(ctx.app),
      ),
    );
    const streams = await Promise.all(
      Array.from({ length: perAddress }, (_, i) =>
        rawStream(ctx.app, users[Math.floor(i / MAX_STREAMS_PER_USER)] as TestUser),
      ),
    );
    try {
      expect(streams.every((s) => s.status === 200)).toBe(true);
      const fresh = users.at(-1) as TestUser;
      const refused = await rawStream(ctx.app, fresh);
      streams.push(refused);
      expect(refused.status).toBe(429);
      // Another address is served.
      const elsewhere = await ctx.app.inject({ method: "GET", url: "/api/events", remoteAddress: nextIp() });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("refuses a stream past the process's total, from any address", async () => {
    const small = await buildTestApp(ctx.database, {}, { eventStreams: { total: 2 } });
    await small.listen({ port: 0, host: "127.0.0.1" });
    const users = [await createReadyUser(ctx.app), await createReadyUser(ctx.app)];
    const streams = await Promise.all(users.map((user) => rawStream(small, user)));
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200]);
      const refused = await small.inject({
        method: "GET",
        url: "/api/events",
        remoteAddress: nextIp(),
        headers: { cookie: (await createReadyUser(ctx.app)).cookie, accept: "text/event-stream" },
      });
      expect(refused.statusCode).toBe(429);
      expect(retryAfterSeconds(refused)).toBe(STREAM_RETRY_MS / 1000);
    } finally {
      for (const stream of streams) stream.close();
      await small.close();
    }
  });

  it("ends a stream within 5 s of its session's sign-out in another process, and at its lifetime", async () => {
    const other = await buildTestApp(
      ctx.database,
      {},
      { eventStreams: { heartbeatMs: 250, maxLifetimeMs: 60_000 } },
    );
    await other.listen({ port: 0, host: "127.0.0.1" });
    const short = await buildTestApp(ctx.database, {}, { eventStreams: { maxLifetimeMs: 500 } });
    const [alice, bob] = [await createReadyUser(ctx.app), await createReadyUser(ctx.app)];
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    await short.listen({ port: 0, host: "127.0.0.1" });
    try {
      const [a, b] = [await openStream(other, alice), await openStream(other, bob)];
      streams.push(a, b);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect([a.state.ended, b.state.ended]).toEqual([false, false]);
      const signedOut = Date.now();
      expect((await as(ctx.app, alice)("POST", "/api/logout")).statusCode).toBe(204);
      expect((await a.ended) - signedOut).toBeLessThan(5_000);
      expect(b.state.ended).toBe(false);

      // Past its lifetime a stream ends as a finished response, which EventSource reopens.
      const c = await openStream(short, bob);
      streams.push(c);
      expect(c.response.status).toBe(200);
      const lasted = (await c.ended) - c.opened;
      expect(lasted).toBeGreaterThanOrEqual(400);
      expect(lasted).toBeLessThan(5_000);
      expect(c.state.finished).toBe(true);
    } finally {
      // Closing the apps ends the streams still open (aborting one here would leave fetch's spare socket).
      await other.close();
      await short.close();
      for (const stream of streams) stream.close();
    }
  });
});
