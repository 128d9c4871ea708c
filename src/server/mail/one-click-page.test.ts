import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { unsubscribeToken } from "#server/notifications/unsubscribe.ts";
import { stopToken } from "#server/reminders/reminders-mail.ts";
import { as, createReadyUser, describeEachDatabase, nextIp, TEST_SECRET } from "#server/test/harness.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { suppressionToken } from "./suppression";

/** What every one-click page answers with (one-click-page.ts sendOneClickPage). */
function expectPage(response: LightMyRequestResponse, status: number, texts: string[]) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.headers["cache-control"]).toBe("no-store");
  expect(response.headers["x-robots-tag"]).toBe("noindex");
  expect(response.body).toMatch(/^<!doctype html>/);
  expect(response.body).toContain("Collect never asks for passwords or card numbers.");
  for (const text of texts) expect(response.body).toContain(text);
}

describeEachDatabase("the one-click pages behind the links in email", (ctx) => {
  const get = (url: string) => ctx.app.inject({ method: "GET", url, remoteAddress: nextIp() });
  /** The page's own button: a form POST from a browser, which reads a page. */
  const press = (url: string, payload = "List-Unsubscribe=One-Click") =>
    ctx.app.inject({
      method: "POST",
      url,
      remoteAddress: nextIp(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      payload,
    });

  it("stop reminders: asks, then says it is done; a link not ours says so", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const made = await call("POST", "/api/payment-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
      amount: "40.00",
    });
    expect(made.statusCode, made.body).toBe(201);
    const url = `/api/payment-requests/stop-reminders/${stopToken(made.json().request.id, TEST_SECRET)}`;
    expectPage(await get(url), 200, [
      "<title>Stop reminders? · Collect</title>",
      "<p>You will get no more reminders about this request.</p>",
      '<form method="post" action="">',
      "Stop reminders for this request</button>",
    ]);
    expectPage(await press(url), 200, [
      "<h1>Reminders stopped</h1>",
      "<p>Reminders for this request are stopped. You will not get another one.</p>",
    ]);
    expectPage(await get("/api/payment-requests/stop-reminders/not-ours.AAAA"), 404, [
      "<h1>Link not valid</h1>",
      "<p>This link is not valid. Reminders were not changed.</p>",
    ]);
  });

  it("mail stop: asks, stops with an undo, resumes; a link not ours says so", async () => {
    const url = `/api/mail/stop/${suppressionToken(TEST_SECRET, "all", "payer@one-click.test")}`;
    expectPage(await get(url), 200, [
      "<h1>Stop all emails from Collect?</h1>",
      "<p>You will get no more emails from Collect. You can undo this from the next page.</p>",
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
      "Stop emails</button>",
    ]);
    expectPage(await press(url), 200, [
      "<h1>Emails stopped</h1>",
      "<p>You will get no more emails from Collect. Whoever asked you for money is told on their screen.</p>",
      '<input type="hidden" name="undo" value="1"><button type="submit" class="secondary">Undo: get these emails again</button>',
    ]);
    expectPage(await press(url, "undo=1"), 200, [
      "<h1>Emails resumed</h1>",
      "<p>You can get emails from Collect again.</p>",
    ]);
    expectPage(await get("/api/mail/stop/not-ours.AAAAAAAAAAAAAAAAAAAAAA"), 404, [
      "<h1>Link not valid</h1>",
      "<p>This link is not valid. Nothing was changed.</p>",
    ]);
  });

  it("speaks its reader's language: the browser's, or the one chosen on a pay page, right to left in Arabic", async () => {
    const url = `/api/mail/stop/${suppressionToken(TEST_SECRET, "all", "payer@languages.test")}`;
    const de = i18nFor("de");
    const german = await ctx.app.inject({
      method: "GET",
      url,
      remoteAddress: nextIp(),
      headers: { "accept-language": "de-DE,de;q=0.9" },
    });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body).toContain(`<h1>${de._("Stop all emails from Collect?")}</h1>`);
    expect(german.body).toContain(de._("Collect never asks for passwords or card numbers."));
    expect(german.headers.vary).toMatch(/accept-language/);
    const arabic = await ctx.app.inject({
      method: "GET",
      url: "/api/payment-requests/stop-reminders/not-ours.AAAA",
      remoteAddress: nextIp(),
      headers: { "accept-language": "de", cookie: "collect_lang=ar" },
    });
    expect(arabic.statusCode).toBe(404);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain(i18nFor("ar")._("This link is not valid. Reminders were not changed."));
    // A mail client's one-click reads the API's English.
    const client = await ctx.app.inject({
      method: "POST",
      url,
      remoteAddress: nextIp(),
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "de" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(client.json()).toEqual({ message: "You will get no more emails from Collect." });
  });

  it("notification unsubscribe: asks, then says it is done", async () => {
    const user = await createReadyUser(ctx.app);
    const userId = (await as(ctx.app, user)("GET", "/api/auth/user")).json().id as string;
    const url = `/api/notifications/unsubscribe/${unsubscribeToken(TEST_SECRET, userId, "claim")}`;
    expectPage(await get(url), 200, [
      "<h1>Stop these emails?</h1>",
      "Other notifications stay as they are; you can change them any time in Profile → Notifications.</p>",
      "Stop these emails</button>",
    ]);
    expectPage(await press(url), 200, [
      "<h1>Emails stopped</h1>",
      "You can turn them back on in Profile → Notifications.</p>",
    ]);
  });
});
