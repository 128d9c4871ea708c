import { UAParser } from "ua-parser-js";

/** "iPhone" / "Windows" and "Safari" / "Chrome", for the sessions list and passkey names. */
export function deviceLabel(userAgent: string | null | undefined): { device: string; browser: string } {
  if (!userAgent) return { device: "Unknown device", browser: "Unknown browser" };
  const ua = UAParser(userAgent);
  const model = ua.device.model && ua.device.model !== "K" ? ua.device.model : undefined;
  const device = [ua.device.vendor === "Apple" ? undefined : ua.device.vendor, model]
    .filter(Boolean)
    .join(" ");
  return {
    device: device || ua.os.name || "Unknown device",
    browser: ua.browser.name || "Unknown browser",
  };
}
