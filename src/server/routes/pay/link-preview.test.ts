import type { AddressInfo } from "node:net";
import ogs from "open-graph-scraper";
import { beforeAll, expect, it } from "vitest";
import { createRequest, createSamLee } from "#server/test/fixtures.ts";
import { type as, describeEachDatabase, TEST_ORIGIN } from "#server/test/harness.ts";
import { noisyPhotoPng, pixelAt } from "#server/test/test-images.ts";
import { avatarUrl } from "#shared/photo-url.ts";
import { AVATAR_CENTRE } from "./card";
import { cardDraws } from "./card-pool";

type Call = ReturnType<typeof as>;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, which always comes first. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describeEachDatabase("link previews through a real unfurler", (ctx) => {
  let base = "";
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  /** What a message app's previewer sees for a link. */
  async function unfurl(code: string) {
    const { result, response } = await ogs({
      url: `${base}/pay/${code}`,
      urlValidatorSettings: { protocols: ["http"], require_tld: false, require_protocol: true } as never,
    });
    return { result, headers: (response as Response).headers };
  }

  /** The card at an og:image URL (absolute on PUBLIC_URL), fetched from the listening server. */
  async function fetchCard(imageUrl: string, init?: RequestInit) {
    expect(imageUrl.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
    return fetch(`${base}${new URL(imageUrl).pathname}`, init);
  }

  const newRequest = async () =>
    createRequest(ctx.app, {
      user: await createSamLee(ctx.app, [
        { provider: "paypal", accountHandle: "samlee" },
        { provider: "venmo", accountHandle: "@sam-lee" },
      ]),
      amount: "42",
      description: "Lunch at Joe's",
    });

  it("previews a pending request with a drawn card, drawn once however often it is fetched", async () => {
    const { code } = await newRequest();
    const { result, headers } = await unfurl(code);
    expect(result.ogTitle).toBe("Sam Lee is requesting $42.00 · Collect");
    expect(result.ogDescription).toBe("Lunch at Joe's · Pay Sam Lee with one tap in Venmo or PayPal.");
    expect(result.twitterCard).toBe("summary_large_image");
    // The page says noindex in its meta tag (routes.test.ts), the card in its header.
    expect(headers.get("content-type")).toBe("text/html; charset=utf-8");
    const [image] = result.ogImage ?? [];
    // The scraper hands the tags' numbers back as text, whatever its types say.
    expect({ ...image, width: Number(image?.width), height: Number(image?.height) }).toMatchObject({
      width: 1200,
      height: 630,
      type: "image/png",
      alt: "Sam Lee is requesting $42.00 for Lunch at Joe's",
    });
    expect(image?.url).toMatch(new RegExp(`^${TEST_ORIGIN}/pay/${code}/card/[A-Za-z0-9_-]{16}\\.png$`));

    const drawsBefore = cardDraws();
    const first = await fetchCard(image?.url as string);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(first.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(bytes.length).toBeLessThan(300 * 1024);
    expect(cardDraws()).toBe(drawsBefore + 1);

    const again = await fetchCard(image?.url as string);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(cardDraws()).toBe(drawsBefore + 1);
  });

  it("previews a paid request as paid, under a new image URL; the old one leads to the new card", async () => {
    const { call, request, code } = await newRequest();
    const pendingImage = (await unfurl(code)).result.ogImage?.[0]?.url as string;
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });

    const { result } = await unfurl(code);
    expect(result.ogTitle).toBe("Paid: Sam Lee's request for $42.00 · Collect");
    expect(result.ogDescription).toBe("Lunch at Joe's · This request has been paid. Thank you!");
    const paidImage = result.ogImage?.[0];
    expect(paidImage?.alt).toBe("Paid: Sam Lee's request for $42.00 for Lunch at Joe's");
    expect(paidImage?.url).not.toBe(pendingImage);
    const drawsBefore = cardDraws();
    const card = await fetchCard(paidImage?.url as string);
    expect(card.status).toBe(200);
    expect(pngSize(Buffer.from(await card.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect(cardDraws()).toBe(drawsBefore + 1);

    const stale = await fetchCard(pendingImage, { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(new URL(paidImage?.url as string).pathname);
    expect(stale.headers.get("cache-control")).toBe("no-store");
  });

  /** Uploads `photo` and sets it as the requester's; returns its object path. */
  async function setPhoto(call: Call, photo = noisyPhotoPng()): Promise<string> {
    const upload = new URL((await call("POST", "/api/profile/photo/upload")).json().uploadURL);
    const put = await ctx.app.inject({
      method: "PUT",
      url: `${upload.pathname}${upload.search}`,
      headers: { origin: TEST_ORIGIN, "content-type": "image/png" },
      payload: photo,
    });
    expect(put.statusCode, put.body).toBe(200);
    const set = await call("PUT", "/api/profile/photo", { photoURL: upload.toString() });
    expect(set.statusCode).toBe(200);
    return set.json().objectPath;
  }

  it("draws the requester's photo from object storage, resized, keeping the card under 300 KB", async () => {
    const { call, code } = await newRequest();
    const photo = noisyPhotoPng();
    expect(photo.length).toBeGreaterThan(400_000);
    const objectPath = await setPhoto(call, photo);
    // The pay page shows the 192 px avatar, never the photo: a first visit stays inside 60 KB
    // (~21 KB without a photo, README) even for a photo of noise, the worst case for WebP.
    const avatar = avatarUrl(objectPath, 192);
    expect(await (await fetch(`${base}/pay/${code}`)).text()).toContain(`src="${avatar}"`);
    const avatarBytes = (await (await fetch(`${base}${avatar}`)).arrayBuffer()).byteLength;
    expect(avatarBytes).toBeGreaterThan(0);
    expect(avatarBytes).toBeLessThanOrEqual(20 * 1024);

    const card = await fetchCard((await unfurl(code)).result.ogImage?.[0]?.url as string);
    const bytes = Buffer.from(await card.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(bytes.length).toBeLessThan(300 * 1024);
    // The avatar's centre is the photo's red middle (re-encoded as WebP: a channel may be off by a few).
    const { x, y } = AVATAR_CENTRE;
    const pixel = pixelAt(bytes, x, y, { width: 1200, height: 630 });
    expect(pixel.map((value) => Math.round(value / 16) * 16)).toEqual([256, 0, 0, 256]);
  });

  it("previews unknown codes with no request data and no card", async () => {
    // A real previewer gives up on a 404; what it would have read is the page's own head.
    const page = await fetch(`${base}/pay/zzzzzzzzzz`);
    expect(page.status).toBe(404);
    const { result } = await ogs({ html: await page.text() });
    expect(result.ogTitle).toBe("Payment Not Found · Collect");
    expect(result.ogImage ?? []).toEqual([]);
    expect(result.twitterCard).toBe("summary");
    await expect(unfurl("zzzzzzzzzz")).rejects.toBeDefined();
  });

  it("previews a cancelled request as cancelled by the requester's first name, and nothing else of it", async () => {
    const { call, request, code } = await newRequest();
    const objectPath = await setPhoto(call);
    const cardUrl = (await unfurl(code)).result.ogImage?.[0]?.url as string;
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "cancelled" });
    // A message app unfurls it: the payer reads that nothing is owed.
    const { result } = await unfurl(code);
    expect(result.ogTitle).toBe("Sam cancelled this request · Collect");
    expect(result.ogDescription).toBe("Nothing is owed, so there is nothing to pay.");
    expect(result.ogImage ?? []).toEqual([]);
    expect(result.twitterCard).toBe("summary");
    expect(JSON.stringify(result)).not.toMatch(/Sam Lee|42\.00|Lunch|sam-lee|samlee/);
    const html = await (await fetch(`${base}/pay/${code}`)).text();
    expect(html).toContain("Sam cancelled this request");
    expect(html).not.toContain(objectPath);
    expect(html).not.toMatch(/Sam Lee|42\.00|Lunch|sam-lee|samlee|<img/);
    const card = await fetchCard(cardUrl);
    expect(card.status).toBe(404);
    expect(await card.json()).toEqual({ message: "Payment request not found", code: "not_found" });
  });
});
