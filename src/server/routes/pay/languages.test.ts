import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { createRequest, createSamLee } from "#server/test/fixtures.ts";
import { describeEachDatabase, nextIp } from "#server/test/harness.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";

const newRequest = async (ctx: { app: FastifyInstance }) =>
  createRequest(ctx.app, {
    user: await createSamLee(ctx.app, [
      { provider: "venmo", accountHandle: "@sam-lee" },
      { provider: "zelle", accountHandle: "sam@example.com" },
    ]),
  });

const open = (ctx: { app: FastifyInstance }, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "GET", url, remoteAddress: nextIp(), headers });

const htmlAttributes = (html: string) => /<html ([^>]*)>/.exec(html)?.[1];

describeEachDatabase("the pay page's language", (ctx) => {
  it("is English, as the spec writes it, for a browser that asks for none of ours", async () => {
    const { code } = await newRequest(ctx);
    for (const headers of [{}, { "accept-language": "ja,zh;q=0.8" }] as Record<string, string>[]) {
      const page = await open(ctx, `/pay/${code}`, headers);
      expect(htmlAttributes(page.body)).toBe('lang="en" dir="ltr"');
      expect(page.body).toContain("Want to collect payments too?");
      expect(page.body).toContain("<title>Sam Lee is requesting $12.00 · Collect</title>");
      expect(page.body).toContain("Send $12.00 to sam@example.com with Zelle in your bank&#x27;s app.");
    }
  });

  it("speaks the browser's language, money and all, and says the page depends on it", async () => {
    const { code } = await newRequest(ctx);
    const de = i18nFor("de");
    const page = await open(ctx, `/pay/${code}`, { "accept-language": "de-AT,de;q=0.9,en;q=0.5" });
    expect(page.statusCode).toBe(200);
    expect(htmlAttributes(page.body)).toBe('lang="de" dir="ltr"');
    expect(page.headers.vary).toMatch(/accept-language/);
    expect(page.body).toContain(de._("Want to collect payments too?"));
    expect(de._("Want to collect payments too?")).not.toBe("Want to collect payments too?");
    // Dollars as German writes them, in the title and the Zelle sentence.
    expect(page.body).toContain(
      `<title>${de._("{name} is requesting {amount}", { name: "Sam Lee", amount: "12,00\u00a0$" })} · Collect</title>`,
    );
    const body = page.body.slice(page.body.indexOf("<body>"));
    expect(body).toContain("12,00\u00a0$");
    expect(body).not.toContain("$12.00");
    // The link's preview speaks the payer's language as the requester chose it (here, theirs: English).
    expect(page.body).toContain(
      '<meta property="og:title" content="Sam Lee is requesting $12.00 · Collect"/>',
    );
    expect(page.body).toContain('<meta property="og:locale" content="en_US"/>');
    // No cookie unless the payer chose.
    expect(page.headers["set-cookie"]).toBeUndefined();
  });

  it("mirrors Arabic, and remembers a language chosen with the switcher over the browser's", async () => {
    const { code } = await newRequest(ctx);
    const chosen = await open(ctx, `/pay/${code}?lang=ar`, { "accept-language": "de" });
    expect(htmlAttributes(chosen.body)).toBe('lang="ar" dir="rtl"');
    const cookie = String(chosen.headers["set-cookie"]);
    expect(cookie).toMatch(/^collect_lang=ar; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    // The switcher: every language, in its own words, this one marked current.
    expect(chosen.body).toContain('<a href="?lang=de" lang="de" hrefLang="de"');
    expect(chosen.body).toMatch(/hrefLang="ar" aria-current="true"[^>]*>العربية<\/a>/);

    const again = await open(ctx, `/pay/${code}`, {
      "accept-language": "de",
      cookie: "other=1; collect_lang=ar",
    });
    expect(htmlAttributes(again.body)).toBe('lang="ar" dir="rtl"');
    expect(again.body).toContain(i18nFor("ar")._("Want to collect payments too?"));
  });

  it("ignores a language it does not speak, and an odd cookie, without an error", async () => {
    const { code } = await newRequest(ctx);
    for (const url of [`/pay/${code}?lang=xx`, `/pay/${code}?lang=${"d".repeat(16)}`]) {
      const page = await open(ctx, url, { "accept-language": "es", cookie: "collect_lang=<script>" });
      expect(page.statusCode).toBe(200);
      expect(htmlAttributes(page.body)).toBe('lang="es" dir="ltr"');
      expect(page.headers["set-cookie"]).toBeUndefined();
    }
    expect((await open(ctx, `/pay/${code}?lang=${"d".repeat(17)}`)).statusCode).toBe(400);
  });

  it("keeps two languages of a page, and still answers a third, compressed, without keeping it", async () => {
    const { code } = await newRequest(ctx);
    const ask = (language: string) =>
      open(ctx, `/pay/${code}`, { "accept-language": language, "accept-encoding": "br" });
    for (const language of ["de", "es", "fr", "hi", "ar", "de"]) {
      const page = await ask(language);
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain(`<html lang="${language}"`);
    }
  });

  it("keeps each language's page apart in the cache, the not-found page too", async () => {
    const { code } = await newRequest(ctx);
    const fr = await open(ctx, `/pay/${code}`, { "accept-language": "fr" });
    const en = await open(ctx, `/pay/${code}`);
    const frAgain = await open(ctx, `/pay/${code}`, { "accept-language": "fr" });
    expect(htmlAttributes(fr.body)).toBe('lang="fr" dir="ltr"');
    expect(htmlAttributes(en.body)).toBe('lang="en" dir="ltr"');
    expect(frAgain.body).toBe(fr.body);

    const missing = await open(ctx, "/pay/unknown1234", { "accept-language": "pt-BR" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(
      i18nFor("pt-BR")._("This payment request could not be found or has expired."),
    );
    const missingEn = await open(ctx, "/pay/unknown5678");
    expect(missingEn.body).toContain("Payment Not Found");
  });
});
