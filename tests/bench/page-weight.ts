import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_BROWSER_PATH, CHROMIUM_PATH } from "../chromium";

/** Bytes on the wire (headers + compressed bodies) for a first, uncached visit of a page. */
export async function measurePayPageBytes(url: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    let total = 0;
    cdp.on("Network.loadingFinished", (event) => {
      total += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: "networkidle" });
    return total;
  } finally {
    await browser.close();
  }
}

/** Lighthouse and its Chrome launcher are not dependencies: installing them is opt-in. */
export const LIGHTHOUSE_INSTALL = "npm install --no-save lighthouse chrome-launcher";

/**
 * Lighthouse's mobile performance score (0–100) of a page, in Debian's Chromium; or why it was
 * not measured, when Lighthouse is not installed (it is large, and only this row needs it).
 */
export async function lighthouseScore(url: string): Promise<number | string> {
  // Names in variables: the type check must not require packages that are not installed.
  const [lighthouseModule, launcherModule] = ["lighthouse", "chrome-launcher"];
  let lighthouse: LighthouseRun;
  let chromeLauncher: ChromeLauncher;
  try {
    [{ default: lighthouse }, chromeLauncher] = await Promise.all([
      import(lighthouseModule) as Promise<{ default: LighthouseRun }>,
      import(launcherModule) as Promise<ChromeLauncher>,
    ]);
  } catch {
    return `not measured: \`${LIGHTHOUSE_INSTALL}\` to measure it`;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_BROWSER_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ["performance"],
      logLevel: "error",
    });
    return Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
  } finally {
    chrome.kill();
  }
}

/** The little of Lighthouse's and chrome-launcher's APIs used here. */
type LighthouseRun = (
  url: string,
  flags: { port: number; onlyCategories: string[]; logLevel: string },
) => Promise<{ lhr: { categories: { performance?: { score: number | null } } } } | undefined>;
type ChromeLauncher = {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
};
