import { asc, eq, like, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { createTestClock, type TestClock } from "#server/clock.ts";
import type { Database } from "#server/db/client.ts";
import { deliveries, notificationSettings, pushSubscriptions, reminders, users } from "#server/db/schema.ts";
import { digestTitle, sendDigests } from "#server/notifications/digest.ts";
import type { Notification, NotificationText } from "#server/notifications/notify.ts";
import {
  as,
  buildTestApp,
  createReadyUser,
  databaseKinds,
  freshDatabase,
  nextIp,
  TEST_ORIGIN,
  type TestUser,
} from "#server/test/harness.ts";
import { type ReceivedMail, startMailServer } from "#server/test/mail-server.ts";
import { startPushSink } from "#server/test/push-sink.ts";
import { english, i18nFor } from "#shared/i18n/i18n-for.ts";
import { formatMoney } from "#shared/money.ts";
import { addDays, atLocalTime, localDate } from "#shared/schedule/zoned.ts";
import { DEFAULT_CHANNELS } from "#shared/schemas/notifications.ts";

const vapid = { ...webPush.generateVAPIDKeys(), subject: "mailto:push-test@example.com" };
const mailServer = await startMailServer();
const sink = await startPushSink({ vapidPublicKey: vapid.publicKey, subject: vapid.subject });
afterAll(async () => {
  await mailServer.close();
  await sink.close();
});

/** Noon in New York (the default zone), outside the default quiet hours. */
const NOON_NEW_YORK = "2026-12-01T17:00:00Z";
const SECOND = 1000;

describe.each(databaseKinds)("notifications [%s]", (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: TestClock;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    clock = createTestClock(NOON_NEW_YORK);
    app = await buildTestApp(
      database,
      { mail: { smtpUrl: mailServer.url, from: "Collect <no-reply@collect.test>" }, vapid },
      { clock, push: { allowLoopbackHttp: true, timeoutMs: 3_000 } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Moves the test clock a few seconds at a time (the queue polls on it) until `check` holds. */
  async function advanceUntil(check: () => boolean | Promise<boolean>, steps = 30) {
    for (let i = 0; i < steps; i++) {
      if (await check()) return;
      await clock.advance(3 * SECOND);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    throw new Error(`not within ${steps} steps`);
  }

  async function requestFor(user: TestUser, recipientName = "Alex", amount = "25.00") {
    const created = await as(app, user)("POST", "/api/payment-requests", {
      recipientName,
      recipientPhone: "(212) 555-0101",
      amount,
      description: "Lunch",
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, shortUrl } = created.json().request as { id: string; shortUrl: string };
    return { id, code: shortUrl.split("/").pop() as string };
  }

  function claim(code: string, via = "venmo") {
    return app.inject({
      method: "POST",
      url: `/api/payment-screen/${code}/claim`,
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { via, note: "Sent" },
    });
  }

  function view(code: string) {
    return app.inject({
      method: "POST",
      url: `/api/payment-screen/${code}/view`,
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN },
    });
  }

  async function userId(user: TestUser): Promise<string> {
    return (await as(app, user)("GET", "/api/auth/user")).json().id;
  }

  const mailsTo = (user: TestUser, subject: RegExp): ReceivedMail[] =>
    mailServer.received.filter((m) => m.to.includes(user.email.toLowerCase()) && subject.test(m.subject));

  async function addSinkDevice(user: TestUser) {
    const device = sink.subscribe();
    const [row] = await database.db
      .insert(pushSubscriptions)
      .values({ userId: await userId(user), ...device })
      .returning({ id: pushSubscriptions.id });
    return { ...device, id: row?.id as string };
  }

  it("settings start at the defaults of issue 22 and say push is configured", async () => {
    const user = await createReadyUser(app, database.db);
    const settings = await as(app, user)("GET", "/api/notifications/settings");
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({
      channels: DEFAULT_CHANNELS,
      quietHours: { start: "21:00", end: "08:00" },
      digestHour: null,
      timeZone: "America/New_York",
      reminderDays: null,
      push: { configured: true, publicKey: vapid.publicKey },
      subscriptions: [],
    });
    expect(DEFAULT_CHANNELS).toMatchObject({
      claim: { email: true, push: true },
      reminder: { email: true, push: true },
      view: { email: false, push: true },
    });
  });

  it("a partial update changes only what it names; bad values are refused with a sentence", async () => {
    const user = await createReadyUser(app, database.db);
    const call = as(app, user);
    const updated = await call("PUT", "/api/notifications/settings", {
      channels: { view: { email: true } },
      quietHours: { start: "22:30", end: "07:00" },
      digestHour: 8,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().channels.view).toEqual({ email: true, push: true });
    expect(updated.json().channels.claim).toEqual({ email: true, push: true });
    const again = await call("PUT", "/api/notifications/settings", { channels: { view: { push: false } } });
    expect(again.json().channels.view).toEqual({ email: true, push: false });
    expect(again.json().quietHours).toEqual({ start: "22:30", end: "07:00" });
    expect(again.json().digestHour).toBe(8);
    const off = await call("PUT", "/api/notifications/settings", { digestHour: null });
    expect(off.json().digestHour).toBeNull();

    for (const bad of [
      { quietHours: { start: "25:00", end: "07:00" } },
      { digestHour: 24 },
      { channels: { view: { sms: true } } },
      { channels: { birthday: { email: true } } },
      { timeZone: "Mars/Olympus" },
    ]) {
      const refused = await call("PUT", "/api/notifications/settings", bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof refused.json().message).toBe("string");
    }
    const zone = await call("PUT", "/api/notifications/time-zone", { timeZone: "Europe/Paris" });
    expect(zone.statusCode, zone.body).toBe(204);
    expect((await call("GET", "/api/notifications/settings")).json().timeZone).toBe("Europe/Paris");
    expect((await call("PUT", "/api/notifications/time-zone", { timeZone: "+05:00" })).statusCode).toBe(400);
  });

  it("a zone in any letter case or an older alias is stored as the runtime names it", async () => {
    const user = await createReadyUser(app, database.db);
    const call = as(app, user);
    const stored = async () =>
      (
        await database.db
          .select({ zone: users.timeZone })
          .from(users)
          .where(eq(users.id, await userId(user)))
      )[0]?.zone;
    for (const [given, kept] of [
      ["america/new_york", "America/New_York"],
      ["EUROPE/PARIS", "Europe/Paris"],
      ["US/Eastern", "America/New_York"],
      ["etc/utc", "UTC"],
    ]) {
      const put = await call("PUT", "/api/notifications/time-zone", { timeZone: given });
      expect(put.statusCode, put.body).toBe(204);
      expect(await stored(), given).toBe(kept);
      expect((await call("GET", "/api/notifications/settings")).json().timeZone, given).toBe(kept);
    }
    const settings = await call("PUT", "/api/notifications/settings", { timeZone: "asia/TOKYO" });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().timeZone).toBe("Asia/Tokyo");
    expect(await stored()).toBe("Asia/Tokyo");
  });

  it("the default reminder days are the caller's own and schedule new requests; null goes back to the rule", async () => {
    const [user, other] = [await createReadyUser(app, database.db), await createReadyUser(app, database.db)];
    const call = as(app, user);
    const offsetsOf = async (requestId: string) =>
      (
        await database.db
          .select({ offset: reminders.offsetDays })
          .from(reminders)
          .where(eq(reminders.requestId, requestId))
          .orderBy(asc(reminders.offsetDays))
      ).map((row) => row.offset);

    const saved = await call("PUT", "/api/notifications/settings", { reminderDays: [5, 1] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().reminderDays).toEqual([1, 5]);
    expect((await call("GET", "/api/notifications/settings")).json().reminderDays).toEqual([1, 5]);
    expect((await as(app, other)("GET", "/api/notifications/settings")).json().reminderDays).toBeNull();
    expect(await offsetsOf((await requestFor(user)).id)).toEqual([1, 5]);
    expect(await offsetsOf((await requestFor(other)).id)).toEqual([3, 7]);

    for (const bad of [[61], [1, 2, 3, 4, 5], [2, 2], [-1], ["3"], [1.5]]) {
      const refused = await call("PUT", "/api/notifications/settings", { reminderDays: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().message).toMatch(/reminder/i);
    }
    const none = await call("PUT", "/api/notifications/settings", { reminderDays: [] });
    expect(none.json().reminderDays).toEqual([]);
    expect(await offsetsOf((await requestFor(user)).id)).toEqual([]);
    const rule = await call("PUT", "/api/notifications/settings", { reminderDays: null });
    expect(rule.json().reminderDays).toBeNull();
    expect(await offsetsOf((await requestFor(user)).id)).toEqual([3, 7]);
  });

  it("a requester who chose German hears of a claim and a view in German: the email's words and its push", async () => {
    const user = await createReadyUser(app, database.db);
    const profile = { profileName: "Jonas", firstName: null, lastName: null, language: "de" };
    expect((await as(app, user)("PUT", "/api/auth/profile", profile)).statusCode).toBe(200);
    const device = await addSinkDevice(user);
    const request = await requestFor(user, "Alex", "25.00");
    const de = i18nFor("de");
    const amount = formatMoney("25.00", "USD", "de-DE"); // "25,00 $", a no-break space before the $
    const says = de._("{name} says they paid {amount} with {app}", { name: "Alex", amount, app: "Venmo" });
    expect(says).not.toBe("Alex says they paid $25.00 with Venmo");
    expect((await claim(request.code)).statusCode).toBe(204);
    await advanceUntil(() => mailsTo(user, /Venmo/).length > 0);
    const mail = mailsTo(user, /Venmo/)[0] as ReceivedMail;
    // (A subject's no-break space arrives as a plain one.)
    expect(mail.subject.replace(/\s/g, " ")).toBe(says.replace(/\s/g, " "));
    expect(mail.text).toContain(
      de._("Open it in Collect: {link}", { link: `${TEST_ORIGIN}/?request=${request.id}` }),
    );
    expect(mail.html).toContain('lang="de" dir="ltr"');
    // Its one-click unsubscribe page speaks German too.
    const unsubscribe = /^<(.+)>$/.exec(mail.headers?.["list-unsubscribe"] ?? "")?.[1] as string;
    const page = await app.inject({
      method: "GET",
      url: new URL(unsubscribe).pathname,
      remoteAddress: nextIp(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('lang="de"');
    expect(page.body).toContain(de._("Stop these emails?"));
    expect((await view(request.code)).statusCode).toBe(204);
    await advanceUntil(() => sink.for(device.endpoint).some((push) => push.text?.includes('"view"')));
    const pushed = sink
      .for(device.endpoint)
      .map((push) => JSON.parse(push.text ?? "{}") as { event: string; title: string });
    expect(pushed.find((push) => push.event === "view")?.title).toBe(
      de._("{name} opened your request for {amount}", { name: "Alex", amount }),
    );
  });

  it("a claim emails the requester once, with RFC 8058 one-click unsubscribe that turns that event off", async () => {
    const user = await createReadyUser(app, database.db);
    const request = await requestFor(user, "Alex", "25.00");
    expect((await claim(request.code)).statusCode).toBe(204);
    // A second claim (another address) asks with the same key: still one email.
    expect((await claim(request.code, "other")).statusCode).toBe(204);
    await advanceUntil(() => mailsTo(user, /says they paid/).length > 0);
    const mail = mailsTo(user, /says they paid/)[0] as ReceivedMail;
    expect(mail.subject).toBe("Alex says they paid $25.00 with Venmo");
    expect(mail.text).toContain(`${TEST_ORIGIN}/?request=${request.id}`);
    expect(mail.html).toContain(`/?request=${request.id}`);
    expect(mail.headers?.["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(.+)>$/.exec(mail.headers?.["list-unsubscribe"] ?? "")?.[1] as string;
    expect(unsubscribe).toMatch(/^http:\/\/localhost:3000\/api\/notifications\/unsubscribe\/claim\./);
    await clock.advance(10 * SECOND);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(user, /says they paid/)).toHaveLength(1);

    const path = new URL(unsubscribe).pathname;
    // A mail scanner's GET changes nothing; it shows a page with a button that POSTs.
    const page = await app.inject({ method: "GET", url: path, remoteAddress: nextIp() });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain('method="post"');
    expect((await as(app, user)("GET", "/api/notifications/settings")).json().channels.claim.email).toBe(
      true,
    );

    // What a mailbox provider sends: no session, no Origin we know, a form body.
    const posted = await app.inject({
      method: "POST",
      url: path,
      remoteAddress: nextIp(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://mail.example",
        "sec-fetch-site": "cross-site",
      },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const after = (await as(app, user)("GET", "/api/notifications/settings")).json().channels;
    expect(after.claim).toEqual({ email: false, push: true });
    expect(after.view).toEqual(DEFAULT_CHANNELS.view);

    const next = await requestFor(user, "Sam", "12.00");
    expect((await claim(next.code)).statusCode).toBe(204);
    await clock.advance(10 * SECOND);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(user, /Sam says they paid/)).toHaveLength(0);
    const rows = await database.db
      .select()
      .from(deliveries)
      .where(like(deliveries.key, `claim:${next.id}%`));
    expect(rows.map((r) => r.key)).toEqual([]);

    // A forged or altered token is refused alike.
    const forged = path.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await app.inject({ method: "POST", url: forged, remoteAddress: nextIp() })).statusCode).toBe(404);
    const otherEvent = path.replace("/claim.", "/view.");
    expect((await app.inject({ method: "POST", url: otherEvent, remoteAddress: nextIp() })).statusCode).toBe(
      404,
    );
  });

  it("a first view pushes to every device; the test decrypts the payload and reads the event", async () => {
    const user = await createReadyUser(app, database.db);
    const phone = await addSinkDevice(user);
    const laptop = await addSinkDevice(user);
    const request = await requestFor(user, "Alex", "25.00");
    expect((await view(request.code)).statusCode).toBe(204);
    expect((await view(request.code)).statusCode).toBe(204); // not a first view: nothing more
    await advanceUntil(() => sink.for(phone.endpoint).length > 0 && sink.for(laptop.endpoint).length > 0);
    for (const device of [phone, laptop]) {
      const push = sink.for(device.endpoint)[0];
      expect(push?.vapidProblem).toBeNull();
      expect(push?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(push?.decryptProblem).toBeNull();
      expect(JSON.parse(push?.text ?? "{}")).toMatchObject({
        event: "view",
        title: "Alex opened your request for $25.00",
        url: `/?request=${request.id}`,
      });
    }
    const keys = (
      await database.db
        .select()
        .from(deliveries)
        .where(like(deliveries.key, `view:${request.id}%`))
    )
      .map((row) => `${row.key}=${row.state}`)
      .sort();
    expect(keys).toEqual(
      [`view:${request.id}:push:${phone.id}=sent`, `view:${request.id}:push:${laptop.id}=sent`].sort(),
    );
    // Views are push only by default: no email.
    expect(mailsTo(user, /opened your request/)).toHaveLength(0);
    await clock.advance(10 * SECOND);
    expect(sink.for(phone.endpoint)).toHaveLength(1);
  });

  it("a 410 from the push service removes the subscription", async () => {
    const user = await createReadyUser(app, database.db);
    const device = await addSinkDevice(user);
    sink.answer(device.endpoint, 410);
    const request = await requestFor(user);
    await view(request.code);
    await advanceUntil(async () => {
      const rows = await database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, device.id));
      return rows.length === 0;
    });
    expect(sink.for(device.endpoint)).toHaveLength(1);
    const settings = (await as(app, user)("GET", "/api/notifications/settings")).json();
    expect(settings.subscriptions).toEqual([]);
  });

  it("quiet hours hold a push until they end; the email goes at once", async () => {
    const user = await createReadyUser(app, database.db);
    const device = await addSinkDevice(user);
    await clock.advance(Date.parse("2026-12-02T03:00:00Z") - clock.now().getTime()); // 22:00 in New York
    const request = await requestFor(user, "Jo", "40.00");
    expect((await claim(request.code)).statusCode).toBe(204);
    await advanceUntil(() => mailsTo(user, /Jo says they paid/).length > 0);
    expect(sink.for(device.endpoint)).toHaveLength(0);
    // 07:59 in New York: still quiet.
    await clock.advance(Date.parse("2026-12-02T12:59:00Z") - clock.now().getTime());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.for(device.endpoint)).toHaveLength(0);
    await clock.advance(60 * SECOND);
    await advanceUntil(() => sink.for(device.endpoint).length > 0);
    const push = sink.for(device.endpoint)[0];
    expect(JSON.parse(push?.text ?? "{}")).toMatchObject({
      event: "claim",
      title: "Jo says they paid $40.00 with Venmo",
    });
    expect(push?.receivedAt).toBeGreaterThan(0);
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse("2026-12-02T13:00:00Z"));
  });

  it("keeps at most 10 devices a user: the 11th replaces the one heard from longest ago", async () => {
    // Each device is sent every notification: 25 saved by one account were all kept before.
    const user = await createReadyUser(app, database.db);
    const call = as(app, user);
    const endpoints = Array.from(
      { length: 11 },
      (_, n) => `https://fcm.googleapis.com/fcm/send/cap-${n}:APA91bH`,
    );
    for (const [n, endpoint] of endpoints.entries()) {
      const saved = await call("POST", "/api/notifications/push-subscriptions", {
        endpoint,
        expirationTime: null,
        keys: { p256dh: sink.subscribe().p256dh, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
        deviceLabel: `Phone ${n}`,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      // The first one delivered a minute ago: it is the newest heard from, and stays; the second goes.
      if (n === 0)
        await database.db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: new Date(Date.now() + 60_000) })
          .where(eq(pushSubscriptions.endpoint, endpoint));
    }
    const kept = (await call("GET", "/api/notifications/settings")).json().subscriptions as {
      deviceLabel: string;
    }[];
    expect(kept).toHaveLength(10);
    expect(kept.map((d) => d.deviceLabel).sort()).toEqual(
      ["Phone 0", ...Array.from({ length: 9 }, (_, n) => `Phone ${n + 2}`)].sort(),
    );
  });

  it("subscriptions: one user and one device; only the owner deletes; the export lists them", async () => {
    const [a, b] = [await createReadyUser(app, database.db), await createReadyUser(app, database.db)];
    const body = {
      endpoint: "https://fcm.googleapis.com/fcm/send/device-1:APA91bH",
      expirationTime: null,
      keys: { p256dh: sink.subscribe().p256dh, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
      deviceLabel: "Pixel",
    };
    const saved = await as(app, a)("POST", "/api/notifications/push-subscriptions", body);
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().id as string;
    expect((await as(app, a)("GET", "/api/notifications/settings")).json().subscriptions).toHaveLength(1);
    const exported = (await as(app, a)("GET", "/api/account/export")).json();
    expect(exported.pushSubscriptions).toEqual([expect.objectContaining({ deviceLabel: "Pixel" })]);
    expect(JSON.stringify(exported)).not.toContain(body.endpoint);

    expect((await as(app, b)("DELETE", `/api/notifications/push-subscriptions/${id}`)).statusCode).toBe(404);
    // B signs in on the same device: the endpoint moves to B.
    const moved = await as(app, b)("POST", "/api/notifications/push-subscriptions", body);
    expect(moved.statusCode).toBe(201);
    expect((await as(app, a)("GET", "/api/notifications/settings")).json().subscriptions).toEqual([]);
    expect((await as(app, b)("GET", "/api/notifications/settings")).json().subscriptions).toHaveLength(1);
    const movedId = moved.json().id as string;
    expect((await as(app, a)("DELETE", `/api/notifications/push-subscriptions/${movedId}`)).statusCode).toBe(
      404,
    );
    expect((await as(app, b)("DELETE", `/api/notifications/push-subscriptions/${movedId}`)).statusCode).toBe(
      204,
    );
    expect(
      (
        await as(app, a)("POST", "/api/notifications/push-subscriptions", {
          ...body,
          endpoint: "http://x.test/",
        })
      ).statusCode,
    ).toBe(400);
  });

  it("an endpoint saved by another account moves only with that subscription's keys; otherwise 409", async () => {
    const [a, b] = [await createReadyUser(app, database.db), await createReadyUser(app, database.db)];
    const endpoint = "https://fcm.googleapis.com/fcm/send/owned-1:APA91bH";
    const keysA = { p256dh: sink.subscribe().p256dh, auth: "AAAAAAAAAAAAAAAAAAAAAA" };
    const keysB = { p256dh: sink.subscribe().p256dh, auth: "BBBBBBBBBBBBBBBBBBBBBB" };
    const post = (user: TestUser, keys: typeof keysA) =>
      as(app, user)("POST", "/api/notifications/push-subscriptions", {
        endpoint,
        expirationTime: null,
        keys,
      });
    const row = async () =>
      (await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

    expect((await post(a, keysA)).statusCode).toBe(201);
    for (const keys of [keysB, { ...keysA, auth: keysB.auth }, { ...keysB, auth: keysA.auth }]) {
      const taken = await post(b, keys);
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json().message).toBe("This device already gets notifications for another account.");
    }
    expect(await row()).toMatchObject({ userId: await userId(a), ...keysA });
    expect((await as(app, a)("GET", "/api/notifications/settings")).json().subscriptions).toHaveLength(1);
    expect((await as(app, b)("GET", "/api/notifications/settings")).json().subscriptions).toEqual([]);

    // The owner's browser may come back with new keys: still its own device.
    expect((await post(a, keysB)).statusCode).toBe(201);
    expect(await row()).toMatchObject({ userId: await userId(a), ...keysB });
    // Another account on the same browser holds the same keys: the device moves.
    const moved = await post(b, keysB);
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await row()).toMatchObject({ userId: await userId(b), ...keysB });
    expect((await as(app, a)("GET", "/api/notifications/settings")).json().subscriptions).toEqual([]);
  });

  it("a subscription posts only to a browser's push service: addresses and other hosts are refused with 400", async () => {
    const user = await createReadyUser(app, database.db);
    const keys = { p256dh: sink.subscribe().p256dh, auth: "AAAAAAAAAAAAAAAAAAAAAA" };
    const subscribe = (endpoint: string) =>
      as(app, user)("POST", "/api/notifications/push-subscriptions", {
        endpoint,
        expirationTime: null,
        keys,
      });
    const refused: [string, string][] = [
      ["http://127.0.0.1/push/x", "Push subscription: the endpoint must be an https address."],
      [sink.subscribe().endpoint, "Push subscription: the endpoint must be an https address."],
      [
        "https://10.0.0.1/push/x",
        "Push subscription: the endpoint must name a push service, not an IP address.",
      ],
      [
        "https://169.254.169.254/latest/meta-data/",
        "Push subscription: the endpoint must name a push service, not an IP address.",
      ],
      [
        "https://evil.example/push/x",
        "Push subscription: the endpoint must be a browser's push service (Chrome, Firefox, Edge or Safari).",
      ],
      [
        "https://fcm.googleapis.com:8443/fcm/send/x",
        "Push subscription: the endpoint must use the standard https port.",
      ],
    ];
    for (const [endpoint, message] of refused) {
      const answer = await subscribe(endpoint);
      expect(answer.statusCode, endpoint).toBe(400);
      expect(answer.json().message, endpoint).toContain(message);
    }
    expect((await as(app, user)("GET", "/api/notifications/settings")).json().subscriptions).toEqual([]);
    const accepted = await subscribe("https://fcm.googleapis.com/fcm/send/eXb4Gk2:APA91bHPRgkF3JUik");
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it("deleting the account deletes its devices and settings", async () => {
    const user = await createReadyUser(app, database.db);
    const id = await userId(user);
    await addSinkDevice(user);
    await as(app, user)("PUT", "/api/notifications/settings", { digestHour: 9 });
    const deleted = await as(app, user)("DELETE", "/api/account", { password: user.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(
      await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id)),
    ).toEqual([]);
    expect(
      await database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, id)),
    ).toEqual([]);
  });

  it("the test notification reaches the device and is limited", async () => {
    const user = await createReadyUser(app, database.db);
    const none = await as(app, user)("POST", "/api/notifications/push-test");
    expect(none.statusCode).toBe(409);
    const device = await addSinkDevice(user);
    const sent = await as(app, user)("POST", "/api/notifications/push-test");
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: 1, removed: 0 });
    expect(JSON.parse((await sink.waitFor(device.endpoint)).text ?? "{}").body).toBe(
      "Notifications work on this device.",
    );
    let last = sent.statusCode;
    for (let i = 0; i < 6 && last !== 429; i++)
      last = (await as(app, user)("POST", "/api/notifications/push-test")).statusCode;
    expect(last).toBe(429);
  });

  it("the digest goes at the chosen hour in the user's zone, once a day, and not when nothing is pending", async () => {
    const user = await createReadyUser(app, database.db);
    const id = await userId(user);
    await database.db.update(users).set({ timeZone: "America/Los_Angeles" }).where(eq(users.id, id));
    await as(app, user)("PUT", "/api/notifications/settings", { digestHour: 8 });
    const idle = await createReadyUser(app, database.db);
    await as(app, idle)("PUT", "/api/notifications/settings", {
      digestHour: 8,
      timeZone: "America/Los_Angeles",
    });
    await requestFor(user, "A", "60.00");
    await requestFor(user, "B", "20.00");
    await requestFor(user, "C", "5.00");
    // What was asked, in English words (notify writes them in the requester's language).
    const asked: (Omit<Notification, "say"> & NotificationText)[] = [];
    const record = async ({ say, ...n }: Notification) => {
      asked.push({ ...n, ...say(english()) });
    };
    // 8:00 in New York is 5:00 in Los Angeles: not yet.
    await sendDigests(database.db, record, new Date("2026-12-03T13:00:00Z"));
    expect(asked.filter((n) => n.userId === id)).toEqual([]);
    // 8:00 in Los Angeles (PST, UTC−8).
    await sendDigests(database.db, record, new Date("2026-12-03T16:00:00Z"));
    const mine = asked.filter((n) => n.userId === id);
    expect(mine).toEqual([
      expect.objectContaining({
        event: "digest",
        key: `digest:${id}:2026-12-03`,
        title: "3 requests pending, $85.00 outstanding",
      }),
    ]);
    const idleId = await userId(idle);
    expect(asked.filter((n) => n.userId === idleId)).toEqual([]);
    expect(asked.some((n) => n.title.startsWith("0 "))).toBe(false);
    // In summer (PDT, UTC−7) the same local hour is an hour earlier in UTC.
    asked.length = 0;
    await sendDigests(database.db, record, new Date("2026-07-03T15:00:00Z"));
    expect(asked.filter((n) => n.userId === id).map((n) => n.key)).toEqual([`digest:${id}:2026-07-03`]);
    expect(digestTitle(1, "5.00")).toBe("1 request pending, $5.00 outstanding");
  });
  it("a recurring notice about the longest description arrives by push, its title shortened, never dropped", async () => {
    const user = await createReadyUser(app, database.db);
    const device = await addSinkDevice(user);
    // 10:00 tomorrow in New York: past the series' 9:00 and outside quiet hours.
    const tomorrow = addDays(localDate(clock.now(), "America/New_York"), 1);
    await clock.set(atLocalTime(tomorrow, "10:00", "America/New_York"));
    // The API's longest description (200 characters), emoji and all: the title is over a push's 100.
    let description = "";
    for (const c of "Piano lessons 🎹 with Ms. Rivera on Tuesdays 🎶 and Thursdays, books 📚 included. ".repeat(
      5,
    )) {
      if (description.length + c.length > 200) break;
      description += c;
    }
    description = description.trim();
    const created = await as(app, user)("POST", "/api/recurring-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "(212) 555-0101",
      amount: "80",
      description,
      frequency: "weekly",
      startDate: tomorrow,
    });
    expect(created.statusCode, created.body).toBe(201);
    await advanceUntil(() => sink.for(device.endpoint).length > 0);
    const push = sink.for(device.endpoint)[0];
    expect(push?.decryptProblem).toBeNull();
    const shown = JSON.parse(push?.text ?? "{}") as { title: string; body: string; event: string };
    expect(shown.event).toBe("recurring");
    expect(shown.title.length).toBeLessThanOrEqual(100);
    expect(shown.title.endsWith("…")).toBe(true);
    expect(shown.title.isWellFormed()).toBe(true);
    expect(description.startsWith(shown.title.slice(0, -1))).toBe(true);
    // The body has room for the whole notice.
    expect(shown.body.startsWith(`${description} for `)).toBe(true);
    expect(shown.body.endsWith("is ready — Text Sam")).toBe(true);
  });
  it("deleting the account deletes its queued and finished jobs at once: notifications and payer emails", async () => {
    const [user, other] = [await createReadyUser(app, database.db), await createReadyUser(app, database.db)];
    const [id, otherId] = [await userId(user), await userId(other)];
    const payerEmail = `payer-${id.slice(0, 8).toLowerCase()}@example.com`;
    const device = await addSinkDevice(user);
    const created = await as(app, user)("POST", "/api/payment-requests", {
      recipientName: "Robin",
      recipientPhone: "(212) 555-0101",
      amount: "30.00",
      description: "Concert tickets",
      payerEmail,
      sendBy: "both",
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().request as { id: string; shortUrl: string };
    // The payer is emailed the request first (a claim before it goes would stop it).
    await advanceUntil(() => mailServer.received.some((m) => m.to.includes(payerEmail)));
    const otherRequest = await requestFor(other, "Kim", "12.00");
    // A claim on each: an email and a push job for the user, an email job for the other.
    expect((await claim(request.shortUrl.split("/").pop() as string)).statusCode).toBe(204);
    expect((await claim(otherRequest.code)).statusCode).toBe(204);
    await advanceUntil(
      () =>
        sink.for(device.endpoint).length > 0 &&
        mailsTo(user, /says they paid/).length > 0 &&
        mailsTo(other, /says they paid/).length > 0,
    );
    // pg-boss keeps every job row, finished ones too, with its data and output.
    const jobsMentioning = async (...needles: string[]) =>
      (
        (await database.db.execute(
          sql`SELECT name, coalesce(data::text, '') || ' ' || coalesce(output::text, '') || ' ' || coalesce(singleton_key, '') AS text FROM pgboss.job`,
        )) as unknown as { rows: { name: string; text: string }[] }
      ).rows
        .filter((row) => needles.some((needle) => row.text.includes(needle)))
        .map((row) => row.name)
        .sort();
    expect(await jobsMentioning(id, request.id)).toEqual(["notify", "notify-push", "payer-mail"]);
    const othersBefore = await jobsMentioning(otherId, otherRequest.id);
    expect(othersBefore).toEqual(["notify"]);

    const deleted = await as(app, user)("DELETE", "/api/account", { password: user.password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await jobsMentioning(id, request.id, payerEmail)).toEqual([]);
    // Another account's jobs stay.
    expect(await jobsMentioning(otherId, otherRequest.id)).toEqual(othersBefore);
  });
});
