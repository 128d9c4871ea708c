import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import webPush from "web-push";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE = `http://localhost:${PORT}`;
/** The SMTP server tests/e2e/global-setup.ts starts; the app sends every message there. */
export const SMTP_PORT = PORT + 1000;
/** Where that server writes what it receives, for the test workers (tests/e2e/mail.ts). */
export const MAIL_DIR = path.join(os.tmpdir(), `collect-e2e-mail-${PORT}`);
// A fresh embedded database for every run: made once by the runner (its workers load this file
// again and inherit the variable) and removed when the runner exits, after the server has stopped.
if (!process.env.E2E_DATA_DIR) {
  const made = mkdtempSync(path.join(os.tmpdir(), "collect-e2e-"));
  process.env.E2E_DATA_DIR = made;
  process.on("exit", () => rmSync(made, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;
// A VAPID key pair for this run, so Profile offers "Notify this device" (push-device.spec.ts):
// made once by the runner, inherited by its workers like the data folder.
if (!process.env.E2E_VAPID_PRIVATE_KEY || !process.env.E2E_VAPID_PUBLIC_KEY) {
  const keys = webPush.generateVAPIDKeys();
  process.env.E2E_VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.E2E_VAPID_PRIVATE_KEY = keys.privateKey;
}
const vapid = { publicKey: process.env.E2E_VAPID_PUBLIC_KEY, privateKey: process.env.E2E_VAPID_PRIVATE_KEY };

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder as a run starts: a run on a port of its own (E2E_PORT,
  // beside another run in this checkout) keeps its traces in a folder of its own, or the other
  // run's start deletes them mid-test and its tests fail on ENOENT.
  outputDir: process.env.E2E_PORT ? `test-results/port-${PORT}` : "test-results",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Three tests at a time on the 2-core machine: the browser tests wait on the server and the
  // browser a third of the time (167 s with two, 148 s with three, same run, all passing). Each
  // test has its own user and client IP (fixtures.ts) and reads only its own mail, so no test
  // depends on another's order or timing: tests, not files, are spread over the workers (a
  // file's tests one after another left its last file alone on one worker for ~20 s: 148–162 s
  // a run against 142 s).
  fullyParallel: true,
  workers: 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL: BASE,
    // A failed test keeps its trace (every action, the DOM before and after, network, console)
    // and a screenshot of where it stopped. The trace's own screencast is off: recording a frame
    // for every paint cost a third of the browser tests' time on a 2-core machine (app-screens
    // and foundation: 88–104 s with it, 57–63 s without, alternated runs).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The build's service worker (the offline shell) stays out of tests that do not ask for it
    // (offline.spec.ts does): a worker that takes over mid-test would answer navigations itself,
    // out of reach of page.route, and each test's fresh browser would download the whole shell.
    serviceWorkers: "block",
  },
  // A Pixel 7's screen, touch and user agent, drawn at one device pixel per CSS pixel instead of
  // its 2.625: layout, tap targets and media queries are the same (the app has no srcset or
  // resolution query), and software rendering draws a seventh of the pixels. Browser tests took
  // 17–21% less time (three files alternated twice: 192 and 208 s of tests against 243 and 249 s).
  // The README's screenshots keep the phone's own density (screenshots.spec.ts).
  projects: [
    { name: "phone", use: { ...devices["Pixel 7"], deviceScaleFactor: 1, browserName: "chromium" } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${BASE}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      DATABASE: "embedded",
      // As behind a proxy: each test comes from its own client IP (fixtures.ts), so the per-IP
      // sign-up limit (10 a minute) applies per test, as it would per person.
      TRUST_PROXY: "true",
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456",
      // A cheap password hash keeps sign-ups fast; the resilience flood test keeps production's.
      PASSWORD_HASH_MEMORY_KIB: "64",
      PASSWORD_HASH_ITERATIONS: "1",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: "Collect <no-reply@example.com>",
      // The shortest wait a receipt may have (the Undo toast lasts 10 s): mail-trust.spec.ts waits it out.
      MAIL_RECEIPT_DELAY_SECONDS: "15",
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:e2e@example.com",
      // developer.spec.ts's webhook receiver listens on loopback, over plain http: allowed here only.
      WEBHOOK_ALLOW_ADDRESSES: "127.0.0.1/32",
    },
  },
});
