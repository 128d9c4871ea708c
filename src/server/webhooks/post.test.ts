import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressPolicy } from "./address";
import { postWebhook } from "./post";

describe("posting a webhook", () => {
  let hits = 0;
  let port = 0;
  const server = createServer((_request, response) => {
    hits++;
    response.end("ok");
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("checks a literal address before connecting: one stored before the operator's list changed goes nowhere", async () => {
    // Node looks up no literal address, so the socket's own check would not run for it.
    const refused = await postWebhook(`http://127.0.0.1:${port}/hooks`, {}, "{}", addressPolicy([]));
    expect(refused).toEqual({
      error:
        "The endpoint's address is private, loopback or reserved: Collect posts only to public addresses.",
    });
    const named = await postWebhook(`http://localhost:${port}/hooks`, {}, "{}", addressPolicy([]));
    expect("error" in named).toBe(true);
    expect(hits).toBe(0);
    // Allowed by the operator, it is posted.
    expect(
      await postWebhook(`http://127.0.0.1:${port}/hooks`, {}, "{}", addressPolicy(["127.0.0.1"])),
    ).toEqual({
      status: 200,
    });
    expect(hits).toBe(1);
  });
});
