import type { Page } from "@playwright/test";
import { expect, toast } from "./fixtures";
import { confirmedTest } from "./mail";

// A real 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const isUploadPut = (method: string, url: string) => method === "PUT" && url.includes("/api/uploads/");

async function pickAndUpload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto("/photo");
  await page.getByRole("button", { name: "Choose Photo" }).click();
  const dashboard = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
  await dashboard.locator("input.uppy-Dashboard-input").first().setInputFiles(file);
  await dashboard.getByRole("button", { name: /Upload 1 file/ }).click();
  return dashboard;
}

confirmedTest("the upload can be paused and resumed from the file list", async ({ page }) => {
  // The first PUT is held (a slow network) until the test ends; later ones go through.
  let puts = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/uploads/**", async (route) => {
    puts += 1;
    if (puts === 1) {
      await held;
      await route.abort().catch(() => {});
      return;
    }
    await route.continue();
  });

  const dashboard = await pickAndUpload(page, { name: "me.png", mimeType: "image/png", buffer: PNG });
  await dashboard.getByRole("button", { name: "Pause upload" }).click();
  const resume = dashboard.getByRole("button", { name: "Resume upload" });
  await expect(resume).toBeVisible();
  await expect(page.getByRole("button", { name: /Uploading/ })).toBeVisible();
  await resume.click();
  await expect(toast(page, "Photo uploaded successfully!")).toBeVisible();
  await expect(page.getByText("Photo updated!")).toBeVisible();
  expect(puts).toBe(2);
  release();
});

confirmedTest("a refused non-image says why, after a single attempt", async ({ page }) => {
  let puts = 0;
  page.on("request", (request) => {
    if (isUploadPut(request.method(), request.url())) puts += 1;
  });
  const html = Buffer.from("<!doctype html><script>alert(1)</script>");
  const dashboard = await pickAndUpload(page, { name: "notes.png", mimeType: "image/png", buffer: html });
  await expect(dashboard.locator(".uppy-Informer").first()).toContainText(
    "Only JPG, PNG, GIF or WebP images",
  );
  await expect(toast(page, "Upload failed")).toBeVisible();
  expect(puts).toBe(1);
  // Retry is still offered, by hand.
  await expect(dashboard.getByRole("button", { name: "Retry upload" }).first()).toBeVisible();
});
