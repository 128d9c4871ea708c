import { createECDH } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { decryptAes128gcm, decryptWebPush } from "./push-decrypt";
import { startPushSink } from "./push-sink";

const b64 = (text: string) => Buffer.from(text, "base64url");

/** RFC 8291 Appendix A: the user agent's keys and the message an application server sent them. */
const RFC_8291 = {
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

function rfcKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(b64(RFC_8291.uaPrivate));
  return { ecdh, auth: b64(RFC_8291.authSecret) };
}

const vapid = { ...webPush.generateVAPIDKeys(), subject: "mailto:sink-test@example.com" };
const sink = await startPushSink({ vapidPublicKey: vapid.publicKey, subject: vapid.subject });
afterAll(() => sink.close());

describe("push sink decryption", () => {
  it("decrypts RFC 8291 Appendix A to its plaintext", () => {
    expect(decryptWebPush(b64(RFC_8291.body), rfcKeys()).toString()).toBe(
      "When I grow up, I want to be a watermelon",
    );
  });

  it("decrypts RFC 8188 §3.2: two records, padding, and a keyid", () => {
    const body = b64(
      "uNCkWiNYzKTnBN9ji3-qWAAAABkCYTHOG8chz_gnvgOqdGYovxyjuqRyJFjEDyoF1Fvkj6hQPdPHI51OEUKEpgz3SsLWIqS_uA",
    );
    const ikm = (keyId: Buffer) => {
      expect(keyId.toString()).toBe("a1");
      return b64("BO3ZVPxUlnLORbVGMpbT1Q");
    };
    expect(decryptAes128gcm(body, ikm).toString()).toBe("I am the walrus");
  });

  it("refuses a changed byte, another subscription's auth secret, and a multi-record push", () => {
    const tampered = b64(RFC_8291.body);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 1;
    expect(() => decryptWebPush(tampered, rfcKeys())).toThrow(/unable to authenticate/i);
    expect(() => decryptWebPush(b64(RFC_8291.body), { ...rfcKeys(), auth: Buffer.alloc(16) })).toThrow(
      /unable to authenticate/i,
    );
    const twoRecords = b64(RFC_8291.body);
    twoRecords.writeUInt32BE(30, 16);
    expect(() => decryptWebPush(twoRecords, rfcKeys())).toThrow("more than one record");
  });
});

describe("push sink VAPID check", () => {
  async function postWith(authorization: string) {
    const subscription = sink.subscribe();
    const response = await fetch(subscription.endpoint, {
      method: "POST",
      headers: { authorization, ttl: "60", "content-encoding": "aes128gcm" },
      body: "x",
    });
    return { status: response.status, push: await sink.waitFor(subscription.endpoint) };
  }
  const header = (audience: string, subject = vapid.subject, expiration?: number, keys = vapid) =>
    webPush.getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, "aes128gcm", expiration)
      .Authorization;

  it("refuses a JWT for another audience, an expired one, another subject, another key, and none", async () => {
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const other = webPush.generateVAPIDKeys();
    const cases: [string, string][] = [
      [header("https://fcm.googleapis.com"), `aud https://fcm.googleapis.com is not ${sink.origin}`],
      [header(sink.origin, vapid.subject, hourAgo), "exp is not in the future"],
      [header(sink.origin, "mailto:someone@example.com"), "sub mailto:someone@example.com"],
      [
        header(sink.origin, vapid.subject, undefined, { ...other, subject: vapid.subject }),
        "k is not the server's public key",
      ],
      ["Bearer abc", "no vapid Authorization header"],
    ];
    for (const [authorization, problem] of cases) {
      const { status, push } = await postWith(authorization);
      expect({ status, problem: push.vapidProblem }).toEqual({ status: 403, problem });
    }
  });

  it("refuses a JWT whose signature does not match its claims", async () => {
    const good = header(sink.origin);
    const [, jwt = ""] = /t=([^,]+)/.exec(good) ?? [];
    const [head, , signature] = jwt.split(".");
    const forged = Buffer.from(JSON.stringify({ aud: sink.origin, exp: 9_999_999_999, sub: vapid.subject }));
    const { push } = await postWith(
      good.replace(jwt, `${head}.${forged.toString("base64url")}.${signature}`),
    );
    expect(push.vapidProblem).toBe("bad signature");
  });
});
