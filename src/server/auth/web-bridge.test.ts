import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, sendWebResponse, webHeaders } from "./web-bridge";

describe("web bridge (Fastify ↔ Fetch, as better-auth's handler is called)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    // Echoes the Fetch headers it was given, as a Fetch Response with two cookies.
    app.all("/echo", async (request, reply) => {
      const seen = Object.fromEntries(webHeaders(request));
      const response = new Response(JSON.stringify(seen), {
        status: 201,
        headers: [
          ["content-type", "application/json"],
          ["x-extra", "kept"],
          ["content-length", "999999"],
          ["set-cookie", "a=1; Path=/; HttpOnly"],
          ["set-cookie", "b=2; Path=/"],
        ],
      });
      return sendWebResponse(reply, response);
    });
    app.get("/empty", async (_request, reply) => sendWebResponse(reply, new Response(null, { status: 204 })));
    await app.ready();
  });
  afterAll(() => app.close());

  it("passes the request's headers on, with the client IP from the socket, never from the caller", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      remoteAddress: "203.0.113.7",
      headers: { [CLIENT_IP_HEADER]: "1.2.3.4", "x-custom": "yes", cookie: "s=1" },
      payload: {},
    });
    const seen = response.json();
    expect(seen[CLIENT_IP_HEADER]).toBe("203.0.113.7");
    expect(seen["x-custom"]).toBe("yes");
    expect(seen.cookie).toBe("s=1");
  });

  it("copies status, headers, every Set-Cookie and the body; the length is Fastify's own", async () => {
    const response = await app.inject({ method: "GET", url: "/echo", remoteAddress: "203.0.113.8" });
    expect(response.statusCode).toBe(201);
    expect(response.headers["x-extra"]).toBe("kept");
    expect(response.headers["set-cookie"]).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/"]);
    expect(Number(response.headers["content-length"])).toBe(Buffer.byteLength(response.body));
    expect(response.json()[CLIENT_IP_HEADER]).toBe("203.0.113.8");
  });

  it("sends an empty body for a Response without one", async () => {
    const response = await app.inject({ method: "GET", url: "/empty" });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
  });
});
