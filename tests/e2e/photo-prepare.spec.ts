import { randomBytes } from "node:crypto";
import type { Page, Request } from "@playwright/test";
import sharp from "sharp";
import { PHOTO_PREP_MESSAGES } from "../../src/client/features/photos/prepare-photo";
import { MAX_PHOTO_BYTES } from "../../src/shared/input-limits";
import { apiCall, expect, test, toast } from "./fixtures";
import { confirmedTest } from "./mail";

// Issue 23, item 14: a photo over 5 MB or in a format the server does not read is made usable
// in the browser before it is uploaded; a file the browser cannot read gets one clear message;
// and a pay page with a photo stays within 60 KB on the wire.

const isUploadPut = (method: string, url: string) => method === "PUT" && url.includes("/api/uploads/");

/** A PNG of random pixels, stored uncompressed: as large as its pixels, and noise for any encoder. */
function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function openPicker(page: Page) {
  await page.goto("/photo");
  await page.getByRole("button", { name: "Choose Photo" }).click();
  const dialog = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
  await expect(dialog).toBeVisible();
  return dialog;
}

confirmedTest("the file input says which photos it takes", async ({ page }) => {
  const dialog = await openPicker(page);
  const accept = (await dialog.locator("input.uppy-Dashboard-input").first().getAttribute("accept")) ?? "";
  for (const type of ["image/jpeg", "image/png", "image/webp", "image/heic", ".heic"])
    expect(accept.split(/,\s*/)).toContain(type);
  await expect(
    dialog.getByText("Larger photos, up to 25 MB, are made smaller than 5 MB for you", { exact: false }),
  ).toBeVisible();
});

confirmedTest("a 6 MB photo is made smaller in the browser, then uploaded", async ({ page }) => {
  test.slow();
  const big = await noisyPng(2600, 820);
  expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
  // What the page PUTs: Playwright does not see a Blob body, so the page keeps each one.
  await page.addInitScript(() => {
    const sent: Blob[] = [];
    (window as unknown as { __sent: Blob[] }).__sent = sent;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof Blob) sent.push(body);
      return send.call(this, body);
    };
  });
  const puts: Request[] = [];
  page.on("requestfinished", (request) => {
    if (isUploadPut(request.method(), request.url())) puts.push(request);
  });
  const dialog = await openPicker(page);
  await dialog.locator("input.uppy-Dashboard-input").first().setInputFiles({
    name: "beach.png",
    mimeType: "image/png",
    buffer: big,
  });
  // What the file became is in the list, under its new name, ready to upload.
  await expect(dialog.getByText("beach.webp")).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: /Upload 1 file/ }).click();
  await expect(toast(page, "Photo uploaded successfully!")).toBeVisible();
  await expect(page.getByText("Photo updated!")).toBeVisible();

  expect(puts).toHaveLength(1);
  // The length on the wire, from the browser's own request headers.
  const requestBodySize = Number((await (puts[0] as Request).allHeaders())["content-length"]);
  expect(requestBodySize).toBeGreaterThan(0);
  expect(requestBodySize).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
  const sent = await page.evaluate(async () => {
    const [blob] = (window as unknown as { __sent: Blob[] }).__sent;
    if (!blob) return null;
    const bitmap = await createImageBitmap(blob);
    return { type: blob.type, size: blob.size, width: bitmap.width, height: bitmap.height };
  });
  // WebP, 2048 px on its long side with the shape kept, and all of it went over the wire.
  expect(sent).toEqual({ type: "image/webp", size: requestBodySize, width: 2048, height: 646 });
});

confirmedTest(
  "a file the browser cannot read gets one clear message, is not uploaded, and is forgotten when the picker closes",
  async ({ page }) => {
    let puts = 0;
    page.on("request", (request) => {
      if (isUploadPut(request.method(), request.url())) puts += 1;
    });
    const dialog = await openPicker(page);
    await dialog
      .locator("input.uppy-Dashboard-input")
      .first()
      .setInputFiles({
        name: "IMG_0042.HEIC",
        mimeType: "image/heic",
        buffer: randomBytes(300_000),
      });
    const informer = dialog.locator(".uppy-Informer").first();
    await expect(informer).toHaveText(PHOTO_PREP_MESSAGES.unusable);
    // Exactly one message: one line in the dialog, no toast, nothing to upload or retry.
    await expect(informer.locator("p")).toHaveCount(1);
    await expect(
      page.locator("[role=status], [role=alert]").filter({ hasText: /try again|Upload failed/i }),
    ).toHaveCount(0);
    const messages = await page
      .locator("[role=status]:visible, [role=alert]:visible")
      .evaluateAll((nodes) => [...new Set(nodes.map((n) => n.textContent?.trim()).filter(Boolean))]);
    expect(messages).toEqual([PHOTO_PREP_MESSAGES.unusable]);
    await expect(dialog.getByRole("button", { name: /Upload/ })).toHaveCount(0);
    expect(puts).toBe(0);
    // Closed and opened again, the picker starts afresh: the last file's message is gone.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Choose Photo" }).click();
    await expect(dialog).toBeVisible();
    // Read at once: the message would go by itself, in its own time.
    expect(await dialog.getByText(PHOTO_PREP_MESSAGES.unusable).filter({ visible: true }).count()).toBe(0);
  },
);

confirmedTest("a pay page with a photo is at most 60 KB on the wire", async ({ page, browser, baseURL }) => {
  // A photo of noise (the worst case for any encoder), uploaded and set as the app does it.
  const photo = await noisyPng(1200, 1000);
  const { uploadURL } = await apiCall(page, "POST", "/api/profile/photo/upload", { size: photo.length });
  const put = await page.request.fetch(uploadURL, {
    method: "PUT",
    headers: { "content-type": "image/png" },
    data: photo,
  });
  expect(put.status(), await put.text()).toBe(200);
  const { objectPath } = await apiCall(page, "PUT", "/api/profile/photo", { photoURL: uploadURL });
  const { request } = await apiCall(page, "POST", "/api/payment-requests", {
    recipientName: "Sam Lee",
    recipientPhone: "2125550101",
    amount: "25.50",
    description: "Pizza night",
  });

  // The payer: a fresh browser with nothing cached, counting every byte received.
  const payer = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "198.19.14.2" } });
  const payPage = await payer.newPage();
  const cdp = await payer.newCDPSession(payPage);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const received = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (event) => urls.set(event.requestId, event.request.url));
  cdp.on("Network.loadingFinished", (event) => received.set(event.requestId, event.encodedDataLength));
  await payPage.goto(new URL(request.shortUrl).pathname, { waitUntil: "networkidle" });
  const avatar = payPage.locator(`img[src^="${objectPath}"]`);
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const loaded = [...received].map(([id, bytes]) => ({ url: urls.get(id) ?? id, bytes }));
  const total = loaded.reduce((sum, { bytes }) => sum + bytes, 0);
  // The photo itself was among what loaded, and all of it counts.
  expect(loaded.some(({ url }) => url.includes(objectPath))).toBe(true);
  console.log(`pay page with a photo: ${total} bytes on the wire`);
  expect(total, JSON.stringify(loaded, null, 1)).toBeLessThanOrEqual(60 * 1024);
  await payer.close();
});
