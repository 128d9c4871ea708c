import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";

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

/** Lighthouse's mobile performance score (0–100) of a page, in Debian's Chromium. */
export async function lighthouseScore(url: string): Promise<number> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import("lighthouse"),
    import("chrome-launcher"),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
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
