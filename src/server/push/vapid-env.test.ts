import { describe, expect, it } from "vitest";
import webPush from "web-push";
import { z } from "zod";
import { VAPID_ENV, vapidConfig, vapidProblems } from "./vapid-env";

const Schema = z.object(VAPID_ENV);
const keys = webPush.generateVAPIDKeys();
const good = {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: "mailto:ops@example.com",
};

describe("VAPID configuration", () => {
  it("accepts a pair from web-push (as scripts/vapid-keys.mjs prints it), or none", () => {
    expect(Schema.safeParse(good).success).toBe(true);
    expect(vapidProblems(good)).toEqual([]);
    expect(vapidConfig(good)).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: "mailto:ops@example.com",
    });
    expect(vapidProblems({})).toEqual([]);
    expect(vapidConfig({})).toBeNull();
  });

  it("names the variable that is malformed", () => {
    const result = Schema.safeParse({
      VAPID_PUBLIC_KEY: keys.publicKey.slice(1),
      VAPID_PRIVATE_KEY: `${keys.privateKey}=`,
      VAPID_SUBJECT: "ops@example.com",
    });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
      "VAPID_SUBJECT",
    ]);
    expect(Schema.safeParse({ ...good, VAPID_SUBJECT: "https://collect.example/contact" }).success).toBe(
      true,
    );
  });

  it("refuses a partial set and a public key of another pair", () => {
    expect(vapidProblems({ VAPID_PUBLIC_KEY: keys.publicKey })).toEqual([
      ["VAPID_PUBLIC_KEY", "set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together"],
    ]);
    const other = webPush.generateVAPIDKeys();
    expect(vapidProblems({ ...good, VAPID_PUBLIC_KEY: other.publicKey })).toEqual([
      ["VAPID_PUBLIC_KEY", "is not the public key of VAPID_PRIVATE_KEY"],
    ]);
    // All zeros is not a valid P-256 private key.
    expect(vapidProblems({ ...good, VAPID_PRIVATE_KEY: "A".repeat(43) })).toEqual([
      ["VAPID_PUBLIC_KEY", "is not the public key of VAPID_PRIVATE_KEY"],
    ]);
  });
});
