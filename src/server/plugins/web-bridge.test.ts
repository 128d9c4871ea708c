import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, sendWebResponse, webHeaders } from "./web-bridge";

describe("web-bridge, through a real Fastify request and reply", () => {
  const app = Fastify();
  app.get("/headers", async (request) => Object.fromEntries(webHeaders(request)));
  app.get("/response", async (_request, reply) => {
    const response = new Response("hello", {
      status: 201,
      headers: { "x-one": "1", "content-length": "999" },
    });
    response.headers.append("set-cookie", "a=1; Path=/");
    response.headers.append("set-cookie", "b=2; Path=/");
    return sendWebResponse(reply, response);
  });

  it("webHeaders carries the request's headers and takes the client IP from the socket, never the caller", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/headers",
      remoteAddress: "203.0.113.7",
      headers: { cookie: "a=1", "x-many": ["one", "two"], [CLIENT_IP_HEADER]: "10.0.0.1" },
    });
    expect(response.json()).toMatchObject({
      cookie: "a=1",
      "x-many": "one, two",
      [CLIENT_IP_HEADER]: "203.0.113.7",
    });
  });

  it("sendWebResponse copies status, headers, every Set-Cookie and the body", async () => {
    const response = await app.inject({ method: "GET", url: "/response" });
    expect(response.statusCode).toBe(201);
    expect(response.headers["x-one"]).toBe("1");
    expect(response.headers["content-length"]).toBe("5");
    expect(response.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(response.body).toBe("hello");
  });
});
