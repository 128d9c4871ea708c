import { animationsSettled, apiCall, expect, toast } from "./fixtures";
import { confirmedTest } from "./mail";

// A real 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function chooseFile(
  page: import("@playwright/test").Page,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByRole("button", { name: "Choose Photo" }).click();
  const dialog = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
  await expect(dialog).toBeVisible();
  await dialog.locator("input.uppy-Dashboard-input").first().setInputFiles(file);
  return dialog;
}

confirmedTest(
  "uploads a photo through the modal and shows it on Profile and the pay page",
  async ({ page, baseURL }) => {
    await page.goto("/profile");
    await page.getByRole("link", { name: "Change photo" }).click();
    await expect(page).toHaveURL(/\/photo$/);
    await expect(page.getByRole("heading", { name: "Upload Profile Photo" })).toBeVisible();
    await expect(page.getByText("Add a photo to personalize your payment requests")).toBeVisible();

    const dialog = await chooseFile(page, { name: "me.png", mimeType: "image/png", buffer: PNG });
    // No automatic start: the file waits in the list until Upload is pressed.
    await expect(dialog.getByText("me.png")).toBeVisible();
    await dialog.getByRole("button", { name: /Upload 1 file/ }).click();

    await expect(toast(page, "Photo uploaded successfully!")).toContainText(
      "Your profile photo has been updated.",
    );
    await expect(page.getByText("Photo updated!")).toBeVisible();
    await expect(dialog).toBeHidden();
    const preview = page.getByRole("img", { name: "Your profile photo" });
    const src = await preview.getAttribute("src");
    expect(src).toMatch(/^\/objects\/uploads\//);
    const image = await page.request.get(src as string);
    expect(image.status()).toBe(200);
    // Re-encoded when set (sharp): WebP, whatever was uploaded.
    expect(image.headers()["content-type"]).toBe("image/webp");

    await page.getByRole("link", { name: "Return to Profile" }).click();
    await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveAttribute("src", src as string);

    const { request } = await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: "Sam",
      recipientPhone: "2125550101",
      amount: "10.00",
      description: "Lunch",
    });
    await page.goto(new URL(request.shortUrl).pathname);
    // The pay page shows its 192 px version.
    await expect(page.locator(`img[src="${src}-192"]`)).toBeVisible();
    // The link preview shows a card drawn from the photo (docs/decisions/006-link-preview-card.md).
    const card = (await page.locator('meta[property="og:image"]').getAttribute("content")) as string;
    expect(card.startsWith(`${baseURL}${new URL(request.shortUrl).pathname}/card/`)).toBe(true);
    const drawn = await page.request.get(card);
    expect(drawn.status()).toBe(200);
    expect(drawn.headers()["content-type"]).toBe("image/png");
  },
);

// A file over 5 MB is no longer refused: it is made smaller in the browser first, and a file the
// browser cannot read gets one message (photo-prepare.spec.ts; the 25 MB input cap in
// src/client/features/photos/prepare-photo.test.ts).

confirmedTest("shows 'Upload failed' when the server refuses the file", async ({ page }) => {
  await page.goto("/photo");
  const html = Buffer.from("<!doctype html><script>alert(1)</script>");
  const dialog = await chooseFile(page, { name: "innocent.png", mimeType: "image/png", buffer: html });
  await dialog.getByRole("button", { name: /Upload 1 file/ }).click();
  await expect(toast(page, "Upload failed")).toContainText(
    "There was an error uploading your photo. Please try again.",
  );
  await expect(page.getByRole("button", { name: "Choose Photo" })).toBeEnabled();
  // Closed with the phone's Back (the page stays) and opened again, the picker starts afresh.
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/photo$/);
  await page.getByRole("button", { name: "Choose Photo" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("innocent.png")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: /Retry/ })).toHaveCount(0);
});

// Uppy's close × was 27×33 px and "browse files" a line of text: both under the 44 px every other
// control on a phone has. Measured at 320 px, on a desktop, where Uppy places the × elsewhere, and
// on phones held sideways (Uppy's wide layout from 820 px on, on a screen ~400 px tall).
const PICKER_VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
  { width: 820, height: 400 },
  { width: 915, height: 412 },
];
confirmedTest(
  "the picker's close and browse are 44 px targets on screen, upright, sideways and on a desktop",
  async ({ page }) => {
    for (const viewport of PICKER_VIEWPORTS) {
      const at = `${viewport.width} x ${viewport.height}`;
      await page.setViewportSize(viewport);
      await page.goto("/photo");
      await page.getByRole("button", { name: "Choose Photo" }).click();
      const close = page.locator(".uppy-Dashboard-close");
      const browse = page.locator(".uppy-Dashboard-inner").getByRole("button", { name: "browse files" });
      await expect(browse).toBeVisible();
      // Uppy slides the sheet in: measured where it comes to rest.
      await animationsSettled(page);
      for (const [name, target] of [
        ["close", close],
        ["browse files", browse],
      ] as const) {
        await expect(target).toBeVisible();
        const box = await target.boundingBox();
        expect(box?.width ?? 0, `${name} width at ${at}`).toBeGreaterThanOrEqual(44);
        expect(box?.height ?? 0, `${name} height at ${at}`).toBeGreaterThanOrEqual(44);
        // Wholly on screen, and what a tap at its middle reaches is the control itself.
        const onScreen =
          box !== null &&
          box.x >= 0 &&
          box.y >= 0 &&
          box.x + box.width <= viewport.width &&
          box.y + box.height <= viewport.height;
        expect(onScreen, `${name} wholly on screen at ${at}: ${JSON.stringify(box)}`).toBe(true);
        const hit = await target.evaluate((element) => {
          const r = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        });
        expect(hit, `${name} is what a tap reaches at ${at}`).toBe(true);
      }
      // A keyboard sees where it is (reached by Tab: focus moved by keys).
      for (
        let i = 0;
        i < 20 && !(await close.evaluate((element) => element === document.activeElement));
        i++
      ) {
        await page.keyboard.press("Tab");
      }
      await expect(close).toBeFocused();
      expect(await close.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("solid");
      await close.click();
      await expect(page.locator(".uppy-Dashboard-inner")).toBeHidden();
      await expect(page).toHaveURL(/\/photo$/);
    }
  },
);
