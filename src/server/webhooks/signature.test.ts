import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newSecret, sign, signedHeaders } from "./signature";

describe("Standard Webhooks signatures", () => {
  it("are what the specification's reference library verifies", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ type: "request.paid", timestamp: "2026-11-29T12:00:00Z", data: { id: 1 } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([secret], "msg_1", timestamp, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    // …and the library's own signature is ours, byte for byte.
    expect(sign(secret, "msg_1", timestamp, body)).toBe(
      new Webhook(secret).sign("msg_1", new Date(timestamp * 1000), body),
    );
  });

  it("carry one signature per secret in force, so a receiver with either secret verifies during a rotation", () => {
    const [current, previous] = [newSecret(), newSecret()];
    const body = '{"type":"test"}';
    const headers = signedHeaders([current, previous], "msg_2", Math.floor(Date.now() / 1000), body);
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    // A changed byte fails.
    expect(() => new Webhook(current).verify('{"type":"tesT"}', headers)).toThrow();
  });
});
