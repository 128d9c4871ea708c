import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { expect, it, vi } from "vitest";
import { LIMITS } from "#server/limits.ts";
import { codeOf, createRequest, createSamLee } from "#server/test/fixtures.ts";
import { as, buildTestApp, describeEachDatabase, nextIp, retryAfterSeconds } from "#server/test/harness.ts";
import { shortDate } from "#shared/schedule/due-date.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import { DEFAULT_TIME_ZONE } from "#shared/schemas/notifications.ts";

const newRequest = async (ctx: { app: FastifyInstance }) =>
  createRequest(ctx.app, {
    user: await createSamLee(ctx.app, [
      { provider: "paypal", accountHandle: "samlee" },
      { provider: "cashapp", accountHandle: "$samlee" },
      { provider: "venmo", accountHandle: "@sam-lee" },
    ]),
  });

describeEachDatabase("public payment page", (ctx) => {
  it("shows only the public view, Venmo first", async () => {
    const { code } = await newRequest(ctx);
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-screen/${code}`,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      requester: { name: "Sam Lee", photo: null },
      request: { amount: "12.00", description: "Lunch", status: "pending" },
      paymentAccounts: [
        { provider: "venmo", accountHandle: "@sam-lee" },
        { provider: "paypal", accountHandle: "samlee" },
        { provider: "cashapp", accountHandle: "$samlee" },
      ],
    });
    expect(response.body).not.toMatch(/2125550101|@example\.com|"id"|userId/);
  });

  it("answers unknown codes with 404 {message}, and shows a paid request as paid", async () => {
    const { call, request, code } = await newRequest(ctx);
    const unknown = await ctx.app.inject({
      method: "GET",
      url: "/api/payment-screen/zzzzzzzzzz",
      remoteAddress: nextIp(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Payment request not found", code: "not_found" });
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    const paid = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-screen/${code}`,
      remoteAddress: nextIp(),
    });
    expect(paid.json().request.status).toBe("paid");
  });

  it("limits a burst of unknown codes from one IP, hits included once blocked", async () => {
    const { code } = await newRequest(ctx);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/payment-screen/miss${i}xxxxx`,
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const hit = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-screen/${code}`,
      remoteAddress: ip,
    });
    expect(hit.statusCode).toBe(429);
    expect(hit.json()).toHaveProperty("message");
    // The rest of the minute's window: under a minute, well over nothing.
    expect(retryAfterSeconds(hit)).toBeGreaterThan(30);
    expect(retryAfterSeconds(hit)).toBeLessThanOrEqual(60);
    const page = await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: ip });
    expect(page.statusCode).toBe(429);
    expect(retryAfterSeconds(page)).toBeGreaterThan(30);
    const other = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-screen/${code}`,
      remoteAddress: nextIp(),
    });
    expect(other.statusCode).toBe(200);
  });

  it("bounds the view beacon per address, with Retry-After", async () => {
    const { code } = await newRequest(ctx);
    const { max } = LIMITS.payView;
    const view = (remoteAddress: string) =>
      ctx.app.inject({ method: "POST", url: `/api/payment-screen/${code}/view`, remoteAddress });
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await view(ip)).statusCode);
    expect(statuses.every((s) => s === 204)).toBe(true);
    const refused = await view(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toHaveProperty("message");
    expect(retryAfterSeconds(refused)).toBeGreaterThan(0);
    expect((await view(nextIp())).statusCode).toBe(204);
  });

  it("serves /pay/{code} with title and preview tags filled in and escaped", async () => {
    const { call } = await newRequest(ctx);
    await call("PUT", "/api/auth/profile", {
      profileName: `Eve "<script>alert(1)</script>`,
      firstName: null,
      lastName: null,
    });
    const { request } = (
      await call("POST", "/api/payment-requests", {
        recipientName: "Alex",
        recipientPhone: "2125550101",
        amount: "1234.5",
        description: `Tickets "<img src=x onerror=alert(2)>" & 'more'`,
      })
    ).json();
    const code = codeOf(request);
    const page = await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    const html = page.body;
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain(
      "<title>Eve &quot;&lt;script&gt;alert(1)&lt;/script&gt; is requesting $1,234.50 · Collect</title>",
    );
    expect(html).toContain(
      '<meta property="og:title" content="Eve &quot;&lt;script&gt;alert(1)&lt;/script&gt; is requesting $1,234.50 · Collect"/>',
    );
    expect(html).toMatch(
      /<meta property="og:description" content="Tickets &quot;&lt;img src=x onerror=alert\(2\)&gt;&quot; &amp; &#x27;more&#x27;/,
    );
    expect(html).toContain(`<meta property="og:url" content="${request.shortUrl}"/>`);
    expect(html).toContain('<meta name="twitter:title"');
    expect(html).toContain(
      'href="https://venmo.com/?txn=pay&amp;recipients=sam-lee&amp;amount=1234.50&amp;note=',
    );
    expect(html).toContain('href="https://paypal.me/samlee/1234.50USD"');
    expect(html).toMatch(/<meta property="og:image:alt" content="Eve &quot;&lt;script&gt;alert\(1\)/);
    // Found pages carry a name, an amount and handles: kept out of search engines.
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.headers["x-robots-tag"]).toBeUndefined();
    // The most sent answer carries only headers a browser acts on (docs/decisions/010).
    expect(page.headers["x-frame-options"]).toBe("DENY");
    for (const legacy of [
      "x-xss-protection",
      "x-download-options",
      "x-permitted-cross-domain-policies",
      "x-dns-prefetch-control",
    ]) {
      expect(page.headers[legacy], legacy).toBeUndefined();
    }
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(html).toContain('href="https://cash.app/$samlee/1234.50"');
  });

  it("tells the payer who cancelled a request and that nothing is owed, and nothing else of it", async () => {
    const { call, request, code } = await newRequest(ctx);
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "cancelled" });
    const ip = nextIp();
    const page = await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: ip });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toMatch(/<h1[^>]*>Sam cancelled this request<\/h1>/);
    expect(html).toContain("Nothing is owed, so there is nothing to pay.");
    expect(html).toContain("<title>Sam cancelled this request · Collect</title>");
    expect(html).toContain(
      '<meta property="og:description" content="Nothing is owed, so there is nothing to pay."/>',
    );
    expect(html).not.toContain("Payment Not Found");
    // Nothing to pay, so no invitation to collect either (issue 46).
    expect(html).not.toContain("Want to collect payments too?");
    // No amount, note, full name, handle, pay button, "I've paid" or card: only the first name.
    expect(html).not.toMatch(/12\.00|Lunch|Sam Lee|sam-lee|samlee|venmo\.com|paypal\.me|cash\.app/);
    expect(html).not.toMatch(/data-pay-request|data-pay=|data-claim|data-copy|og:image/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.headers["x-robots-tag"]).toBeUndefined();
    // The API's answer stays what it was (its only client is this page's script, which needs none).
    const json = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-screen/${code}`,
      remoteAddress: ip,
    });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ message: "Payment request not found", code: "not_found" });
    // A payer opening the link again and again is not guessing codes: never limited as misses.
    for (let i = 0; i < LIMITS.payPageMiss.max + 5; i++) {
      const again = await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: ip });
      expect(again.statusCode).toBe(200);
    }
  });

  it("invites to collect under a request still to pay, not under a paid one", async () => {
    const { call, request, code } = await newRequest(ctx);
    const open = async () =>
      (await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() })).body;
    expect(await open()).toContain("Want to collect payments too?");
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    const paid = await open();
    expect(paid).toContain("Paid — this request has been paid. Thank you!");
    expect(paid).not.toContain("Want to collect payments too?");
    // Before: a paid page still said "Test User is requesting". Now it says when they were paid
    // (the requester's calendar day), and the API's view carries that day.
    expect(paid).not.toContain("is requesting");
    const day = shortDate(localDate(new Date(), DEFAULT_TIME_ZONE), localDate(new Date(), "UTC"));
    expect(paid).toContain(
      `<span class="font-semibold text-slate-900 dark:text-white">Sam Lee</span> was paid on ${day}</p>`,
    );
    const view = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-screen/${code}`,
      remoteAddress: nextIp(),
    });
    expect(view.json().request.paidOn).toBe(localDate(new Date(), DEFAULT_TIME_ZONE));
  });

  it("serves unknown codes the not-found view with generic tags and noindex", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/pay/unknown1234", remoteAddress: nextIp() });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.headers["x-robots-tag"]).toBeUndefined();
    expect(page.body).not.toContain("og:image");
    expect(page.body).toContain("Payment Not Found");
    expect(page.body).toContain("This payment request could not be found or has expired.");
    expect(page.body).toContain("Want to collect payments too?");
  });
});

describeEachDatabase("public view cache across processes", (ctx) => {
  it("shows changes made through another app process on the same database", async () => {
    // A second app on the same database stands for a second process: its writes reach this
    // app's cache only through the database's NOTIFY.
    const other = await buildTestApp(ctx.database);
    try {
      const { user, request, code } = await newRequest(ctx);
      const onOther = as(other, user);
      const screen = async (c = code) =>
        ctx.app.inject({ method: "GET", url: `/api/payment-screen/${c}`, remoteAddress: nextIp() });
      expect((await screen()).json().request.status).toBe("pending");

      expect(
        (await onOther("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" })).statusCode,
      ).toBe(200);
      await vi.waitFor(async () => expect((await screen()).json().request.status).toBe("paid"));

      await onOther("PUT", "/api/auth/profile", {
        profileName: "Samantha Lee",
        firstName: "Sam",
        lastName: "Lee",
      });
      await vi.waitFor(async () => expect((await screen()).json().requester.name).toBe("Samantha Lee"));

      await onOther("POST", "/api/payment-accounts", {
        accounts: [{ provider: "zelle", accountHandle: "sam@example.com" }],
      });
      await vi.waitFor(async () =>
        expect((await screen()).json().paymentAccounts).toEqual([
          { provider: "zelle", accountHandle: "sam@example.com" },
        ]),
      );

      const second = (
        await onOther("POST", "/api/payment-requests", {
          recipientName: "Bo",
          recipientPhone: "2125550101",
          amount: "3.00",
        })
      ).json().request;
      const secondCode = codeOf(second);
      expect((await screen(secondCode)).statusCode).toBe(200);
      const page = async () =>
        (await ctx.app.inject({ method: "GET", url: `/pay/${secondCode}`, remoteAddress: nextIp() })).body;
      expect(await page()).toContain("$3.00");
      await onOther("PATCH", `/api/payment-requests/${second.id}/status`, { status: "cancelled" });
      await vi.waitFor(async () => expect((await screen(secondCode)).statusCode).toBe(404));
      // The cached page is dropped too: it says the request is cancelled, with no amount.
      const cancelled = await page();
      expect(cancelled).toContain("Samantha cancelled this request");
      expect(cancelled).not.toContain("$3.00");
    } finally {
      await other.close();
    }
  });

  it("gives the card a new URL when another process changes the request", async () => {
    const other = await buildTestApp(ctx.database);
    try {
      const { user, request, code } = await newRequest(ctx);
      const cardUrl = async () => {
        const page = await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() });
        return /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
      };
      const pending = await cardUrl();
      expect(pending).toMatch(/\/card\/[A-Za-z0-9_-]{16}\.png$/);
      await as(other, user)("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
      await vi.waitFor(async () => expect(await cardUrl()).not.toBe(pending));
    } finally {
      await other.close();
    }
  });

  it("shows the owner's own change at once in the process that made it", async () => {
    const { call, request, code } = await newRequest(ctx);
    const screen = () =>
      ctx.app.inject({ method: "GET", url: `/api/payment-screen/${code}`, remoteAddress: nextIp() });
    const page = async () =>
      (await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() })).body;
    expect((await screen()).statusCode).toBe(200);
    expect(await page()).toContain("$12.00");
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "cancelled" });
    expect((await screen()).statusCode).toBe(404);
    expect(await page()).toContain("Sam cancelled this request");
  });
});

describeEachDatabase("payment page compression", (ctx) => {
  const page = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: "GET",
      url,
      remoteAddress: nextIp(),
      headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
    });

  it("sends the page compressed the way the browser asks, the same document every way", async () => {
    const { code } = await newRequest(ctx);
    const plain = await page(`/pay/${code}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain("Sam Lee");

    const br = await page(`/pay/${code}`, "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // The most visited URL, three brand buttons and all: the marks come from the stylesheet,
    // which the browser keeps (3.4 KB when each page carried them inline). The language switcher
    // and the script's words in the page's language made it 2,538 B; the payer's "How much did you
    // pay?" field (part payments), 2,850 B.
    expect(plain.body).toContain("brand-mark-venmo");
    expect(br.rawPayload.length).toBeLessThan(2_900);

    const gzip = await page(`/pay/${code}`, "gzip;q=1, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const refused = await page(`/pay/${code}`, "br;q=0, gzip;q=0");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it("compresses the not-found page too, as a 404", async () => {
    const plain = await page("/pay/unknown1234");
    const br = await page("/pay/unknown1234", "br");
    expect(br.statusCode).toBe(404);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it("sends a page read for one answer as it is, while the view cache stands aside", async () => {
    // The same database, but its LISTEN never starts: every lookup reads the database.
    const deaf = await buildTestApp({ ...ctx.database, listen: async () => async () => {} });
    try {
      const { code } = await newRequest(ctx);
      for (let i = 0; i < 2; i++) {
        const answer = await deaf.inject({
          method: "GET",
          url: `/pay/${code}`,
          remoteAddress: nextIp(),
          headers: { "accept-encoding": "gzip, deflate, br, zstd" },
        });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers["content-encoding"]).toBeUndefined();
        expect(answer.body).toContain("Sam Lee");
      }
    } finally {
      await deaf.close();
    }
  });

  it("serves the new page, compressed, once the request changes", async () => {
    const { call, request, code } = await newRequest(ctx);
    const read = async () => {
      const answer = await page(`/pay/${code}`, "br");
      expect(answer.headers["content-encoding"]).toBe("br");
      return brotliDecompressSync(answer.rawPayload).toString();
    };
    expect(await read()).toContain("Lunch");
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    // The change's own notification can arrive while the new page is read: that one answer is
    // not kept, so it goes out uncompressed; the next is cached and compressed again.
    await vi.waitFor(async () => expect(await read()).toContain("Paid"), { timeout: 5_000, interval: 50 });
  });
});
