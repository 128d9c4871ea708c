import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import {
  animationsSettled,
  confirmIn,
  expect,
  expectAccessible,
  signedInTest as test,
  toast,
} from "./fixtures";

/** Profile → Developer: personal API tokens and webhook endpoints, on the narrowest phone. */

test.use({ viewport: { width: 320, height: 740 } });

function developer(page: Page) {
  return page.locator("#developer");
}

async function openDeveloper(page: Page) {
  await page.goto("/profile");
  await page
    .getByRole("navigation", { name: "Profile sections" })
    .getByRole("link", { name: "Developer" })
    .click();
  await expect(page).toHaveURL(/#developer$/);
  await expect(developer(page).getByRole("heading", { name: "Developer", level: 2 })).toBeVisible();
}

/** Nothing wider than the screen: long tokens, secrets and addresses wrap. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

test("makes a token, shows it once, and revokes it", async ({ page }) => {
  await openDeveloper(page);
  const section = developer(page);
  await expect(section.getByText("No tokens yet.")).toBeVisible();
  await expect(section.getByRole("link", { name: "API reference (OpenAPI)" }).first()).toHaveAttribute(
    "href",
    "/api/openapi.json",
  );

  await section.getByRole("button", { name: "New token" }).click();
  const form = section.getByRole("form", { name: "New token" });
  await expect(form.getByLabel("Name")).toBeFocused();
  await form.getByLabel("Name").fill("Invoice script");
  await form.getByRole("checkbox", { name: /^See requests, splits, series and balances/ }).click();
  await form.getByLabel("Expires after").selectOption({ label: "30 days" });
  await form.getByRole("button", { name: "Create token" }).click();

  const box = section.getByLabel("Token", { exact: true });
  await expect(box).toBeVisible();
  await expect(section.getByText("Copy it now: you won't see it again.")).toBeVisible();
  const token = await box.inputValue();
  expect(token).toMatch(/^col_[A-Za-z0-9_-]{43}$/);
  await expectNoSideScroll(page);

  // It works, for what its scope allows.
  const bearer = { authorization: `Bearer ${token}` };
  expect((await page.request.get("/api/payment-requests", { headers: bearer })).status()).toBe(200);

  await section.getByRole("button", { name: "Done" }).click();
  await expect(box).toHaveCount(0);
  await expect(section.getByRole("button", { name: "New token" })).toBeFocused();
  const list = section.getByRole("list", { name: "Your API tokens" });
  await expect(list).toContainText("Invoice script");
  await expect(list).toContainText(`col_…${token.slice(-4)}`);
  await expect(list).toContainText("Never used");
  // Gone from the page, and not to be had again after a reload.
  expect(await page.content()).not.toContain(token);
  await page.reload();
  await expect(list).toContainText("Invoice script");
  expect(await page.content()).not.toContain(token);

  await list.getByRole("button", { name: "Revoke Invoice script" }).click();
  await confirmIn(page, "Revoke the token Invoice script?", "Revoke");
  await expect(toast(page, "Token revoked")).toBeVisible();
  await expect(section.getByText("No tokens yet.")).toBeVisible();
  expect((await page.request.get("/api/payment-requests", { headers: bearer })).status()).toBe(401);
});

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A webhook receiver on loopback (playwright.config.ts allows it): answers 200 and keeps each request. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/collect/webhooks/a-long-path-that-has-to-wrap-on-a-small-phone`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks: `v1,` and base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under the secret's key bytes. */
function signature(secret: string, id: string, timestamp: string, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

test("adds an endpoint, sends it a signed test event, and the log shows it delivered", async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await openDeveloper(page);
    const section = developer(page);
    await section.getByRole("button", { name: "Add endpoint" }).click();
    const form = section.getByRole("form", { name: "Add endpoint" });
    await expect(form.getByLabel("Endpoint URL")).toBeFocused();
    await expect(form.getByLabel("Endpoint URL")).toHaveAttribute("type", "url");
    await form.getByLabel("Endpoint URL").fill(receiver.url);
    await form.getByRole("button", { name: "Select all" }).click();
    await expect(form.getByRole("checkbox", { name: /^A request is marked paid/ })).toBeChecked();
    await form.getByRole("button", { name: "Add endpoint" }).click();

    const box = section.getByLabel("Signing secret", { exact: true });
    await expect(box).toBeVisible();
    const secret = await box.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoSideScroll(page);
    await section.getByRole("button", { name: "Done" }).click();
    await expect(box).toHaveCount(0);

    const endpoint = section.getByRole("listitem").filter({ hasText: receiver.url });
    await expect(endpoint).toContainText("All events");
    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await expect(toast(page, "Test event sent")).toBeVisible();

    // The log opens by itself and follows the delivery; Refresh is there for a slow one.
    const log = endpoint.getByRole("list", { name: "Delivery log" });
    const test = log.getByRole("listitem").filter({ hasText: "Test event" });
    await expect(async () => {
      const state = await test.first().getAttribute("data-delivery-state", { timeout: 2_000 });
      if (state !== "delivered") {
        await endpoint
          .getByRole("button", { name: "Refresh" })
          .click({ timeout: 2_000 })
          .catch(() => {});
      }
      expect(state).toBe("delivered");
    }).toPass({ timeout: 45_000, intervals: [1_000, 2_000] });
    await expect(test.first()).toContainText("Delivered");
    await expect(test.first()).toContainText("1 attempt");
    await expect(test.first()).toContainText("HTTP 200");
    await expectNoSideScroll(page);

    // What the receiver got: a POST, signed with the secret shown once.
    expect(receiver.received).toHaveLength(1);
    const [post] = receiver.received;
    if (!post) throw new Error("nothing received");
    expect(post.method).toBe("POST");
    expect(post.url).toBe(new URL(receiver.url).pathname);
    const id = post.headers["webhook-id"];
    const timestamp = post.headers["webhook-timestamp"];
    const signatures = post.headers["webhook-signature"];
    expect(typeof id).toBe("string");
    expect(timestamp).toMatch(/^\d+$/);
    expect(typeof signatures).toBe("string");
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(120);
    expect(String(signatures).split(" ")).toContain(
      signature(secret, String(id), String(timestamp), post.body),
    );
    expect(JSON.parse(post.body)).toMatchObject({ type: "test" });

    // A new secret, once confirmed: shown once, the old one still signing for a day.
    await endpoint.getByRole("button", { name: "Rotate secret" }).click();
    await confirmIn(page, "Rotate the signing secret?", "Rotate secret");
    const rotated = endpoint.getByLabel("Signing secret", { exact: true });
    await expect(rotated).toBeVisible();
    const next = await rotated.inputValue();
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    await expect(endpoint).toContainText("The old secret keeps working until");
    await expectNoSideScroll(page);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await animationsSettled(page);
      await expectAccessible(page, `#developer (${scheme})`, { include: "#developer" });
    }
    await endpoint.getByRole("button", { name: "Done" }).click();
    await expect(rotated).toHaveCount(0);
    await expect(endpoint).toContainText("The previous secret also works until");
  } finally {
    await receiver.close();
  }
});
