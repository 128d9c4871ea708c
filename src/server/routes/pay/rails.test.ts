import jsQR from "jsqr";
import sharp from "sharp";
import { expect, it } from "vitest";
import { createRequest, createSamLee } from "#server/test/fixtures.ts";
import { describeEachDatabase, nextIp } from "#server/test/harness.ts";
import { PIX_CITY } from "#shared/pay-page/rail-payloads.ts";
import { payNowPayload } from "#shared/rails/paynow.ts";
import { pixPayload } from "#shared/rails/pix.ts";
import { promptPayPayload } from "#shared/rails/promptpay.ts";
import { epcPayload } from "#shared/rails/sepa.ts";
import { swishAppLink, swishQrPayload } from "#shared/rails/swish.ts";
import { upiLink } from "#shared/rails/upi.ts";

/** Every rail and PayPal, saved by one requester (docs/pay-buttons.md). */
const ACCOUNTS = [
  { provider: "paypal", accountHandle: "samlee" },
  { provider: "venmo", accountHandle: "@sam-lee" },
  { provider: "upi", accountHandle: "samlee@okaxis" },
  { provider: "pix", accountHandle: "+55 11 99999-8888" },
  {
    provider: "sepa",
    accountHandle: "DE89 3704 0044 0532 0130 00",
    holderName: "Sam Lee & Co <b>",
    bic: "cobadeffxxx",
  },
  { provider: "swish", accountHandle: "070 123 45 67" },
  { provider: "monzo", accountHandle: "samlee" },
  { provider: "paynow", accountHandle: "201403121W" },
  { provider: "promptpay", accountHandle: "081-234-5678" },
];

/** The QR codes drawn in a page, each read back by jsQR from the SVG rasterised by sharp. */
async function scanQrCodes(html: string): Promise<string[]> {
  const svgs = html.match(/<svg data-qr=""[\s\S]*?<\/svg>/g) ?? [];
  const read: string[] = [];
  for (const svg of svgs) {
    // Eight pixels a module: the viewBox counts modules.
    const { data, info } = await sharp(Buffer.from(svg), { density: 72 * 8 })
      .flatten({ background: "#fff" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    if (!code) throw new Error(`jsQR found no QR code in ${svg.slice(0, 80)}`);
    read.push(Buffer.from(code.binaryData).toString("utf8"));
    // Byte for byte: what was read is the UTF-8 of the text, nothing lost or added.
    expect(Buffer.from(code.binaryData).equals(Buffer.from(code.data, "utf8"))).toBe(true);
  }
  return read;
}

/** The HTML's text of an attribute or element, entities decoded as a browser would. */
const decoded = (text: string) =>
  text
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

describeEachDatabase("the pay page's rails", (ctx) => {
  async function page(currency: string, amount: string, description: string | null = "Dinner") {
    const user = await createSamLee(ctx.app, ACCOUNTS);
    const { code } = await createRequest(ctx.app, { user, currency, amount, description } as never);
    const response = await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    const json = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-screen/${code}`,
      remoteAddress: nextIp(),
    });
    return { html: response.body, view: json.json() };
  }
  const rails = (html: string) => [...html.matchAll(/data-rail="([a-z]+)"/g)].map((m) => m[1]);
  const buttons = (html: string) => [...html.matchAll(/data-provider="([a-z]+)"/g)].map((m) => m[1]);

  it("a US request shows the spec's buttons and no rail or QR code; the view names a bank transfer's holder", async () => {
    const { html, view } = await page("USD", "12.00");
    expect(buttons(html)).toEqual(["venmo", "paypal"]);
    expect(rails(html)).toEqual([]);
    expect(html).not.toContain("data-qr");
    expect(html).toContain("https://paypal.me/samlee/12.00USD");
    // The public view names the bank transfer's holder and BIC, and only on it.
    expect(view.request).toEqual({ amount: "12.00", description: "Dinner", status: "pending" });
    expect(view.paymentAccounts.find((a: { provider: string }) => a.provider === "sepa")).toEqual({
      provider: "sepa",
      accountHandle: "DE89 3704 0044 0532 0130 00",
      holderName: "Sam Lee & Co <b>",
      bic: "COBADEFFXXX",
    });
    expect(view.paymentAccounts.find((a: { provider: string }) => a.provider === "venmo")).toEqual({
      provider: "venmo",
      accountHandle: "@sam-lee",
    });
  });

  it("INR: the UPI link and its QR code, Google Pay named as a UPI app, and no PayPal (PayPal takes no INR)", async () => {
    const { html } = await page("INR", "500.00", "Chai & samosa");
    expect(rails(html)).toEqual(["upi"]);
    expect(buttons(html)).toEqual([]);
    const link = upiLink({
      vpa: "samlee@okaxis",
      payeeName: "Sam Lee",
      amount: { minor: 50000, currency: "INR" },
      note: "Chai & samosa",
    });
    expect(link).toBe("upi://pay?pa=samlee@okaxis&pn=Sam%20Lee&am=500.00&cu=INR&tn=Chai%20%26%20samosa");
    expect(decoded(html)).toContain(`href="${link}"`);
    expect(html).toContain("In India Google Pay pays through UPI: this link opens it.");
    expect(await scanQrCodes(html)).toEqual([link]);
  });

  it("BRL: the Pix BR Code as text with Copy and as a QR code, before PayPal", async () => {
    const { html } = await page("BRL", "50.00");
    expect(rails(html)).toEqual(["pix"]);
    expect(buttons(html)).toEqual(["paypal"]);
    expect(html.indexOf('data-rail="pix"')).toBeLessThan(html.indexOf('data-provider="paypal"'));
    const payload = pixPayload({
      key: "+5511999998888",
      merchantName: "Sam Lee",
      merchantCity: PIX_CITY,
      amount: { minor: 5000, currency: "BRL" },
      description: "Dinner",
    });
    expect(payload).toContain("0014br.gov.bcb.pix");
    expect(payload).toContain("5303986540550.00");
    expect(decoded(html)).toContain(`data-copy="${payload}"`);
    expect(await scanQrCodes(html)).toEqual([payload]);
  });

  it("EUR: the holder, the IBAN in groups of four, the BIC, amount and reference with Copy, the EPC QR, and the name check", async () => {
    const { html } = await page("EUR", "12.50", "Pizza");
    expect(rails(html)).toEqual(["sepa"]);
    expect(buttons(html)).toEqual(["paypal"]);
    // Escaped where shown: the holder's name is the requester's own text.
    expect(html).not.toContain("<b>");
    const text = decoded(html);
    expect(text).toContain('data-copy="DE89370400440532013000"');
    expect(text).toContain(">DE89 3704 0044 0532 0130 00<");
    expect(text).toContain('data-copy="Sam Lee & Co <b>"');
    expect(text).toContain('data-copy="COBADEFFXXX"');
    expect(text).toContain('data-copy="12.50"');
    expect(text).toContain('data-copy="Pizza"');
    expect(text).toContain("check that your bank shows the name Sam Lee & Co <b> for this IBAN");
    const epc = epcPayload({
      name: "Sam Lee & Co <b>",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      amount: { minor: 1250, currency: "EUR" },
      remittance: "Pizza",
    });
    expect(epc).toBe(
      "BCD\n002\n1\nSCT\nCOBADEFFXXX\nSam Lee & Co <b>\nDE89370400440532013000\nEUR12.50\n\n\nPizza",
    );
    expect(await scanQrCodes(html)).toEqual([epc]);
  });

  it("SEK: the Swish app link and the prefilled Swish QR code", async () => {
    const { html } = await page("SEK", "125.50", "Middag");
    expect(rails(html)).toEqual(["swish"]);
    const input = { payee: "46701234567", amount: { minor: 12550, currency: "SEK" }, message: "Middag" };
    expect(decoded(html)).toContain(`href="${swishAppLink(input)}"`);
    expect(swishQrPayload(input)).toBe("C46701234567;125,50;Middag;0");
    expect(await scanQrCodes(html)).toEqual([swishQrPayload(input)]);
  });

  it("GBP: the monzo.me link with the amount and note, and PayPal in pounds", async () => {
    const { html } = await page("GBP", "25.50", "Pizza & drinks");
    expect(rails(html)).toEqual(["monzo"]);
    expect(buttons(html)).toEqual(["paypal"]);
    const text = decoded(html);
    expect(text).toContain('href="https://monzo.me/samlee/25.50?d=Pizza%20%26%20drinks"');
    expect(text).toContain('href="https://paypal.me/samlee/25.50GBP"');
    expect(html).not.toContain("data-qr");
  });

  it("SGD and THB: the PayNow and PromptPay EMVCo QR codes", async () => {
    const sg = await page("SGD", "12.50", "Pizza");
    expect(rails(sg.html)).toEqual(["paynow"]);
    const paynow = payNowPayload({
      proxy: { type: "uen", value: "201403121W" },
      amount: { minor: 1250, currency: "SGD" },
      reference: "Pizza",
      merchantName: "Sam Lee",
    });
    expect(await scanQrCodes(sg.html)).toEqual([paynow]);
    const th = await page("THB", "422.00");
    expect(rails(th.html)).toEqual(["promptpay"]);
    const promptpay = promptPayPayload({
      proxy: { type: "mobile", value: "0066812345678" },
      amount: { minor: 42200, currency: "THB" },
    });
    expect(await scanQrCodes(th.html)).toEqual([promptpay]);
  });

  it("JPY: PayPal alone, its link in whole yen; a currency nobody takes says so", async () => {
    const jp = await page("JPY", "1500");
    expect(rails(jp.html)).toEqual([]);
    expect(decoded(jp.html)).toContain('href="https://paypal.me/samlee/1500JPY"');
    const za = await page("ZAR", "100.00");
    expect(decoded(za.html)).toContain(
      "None of Sam Lee's payment methods takes ZAR: ask Sam Lee how to pay.",
    );
  });
});
