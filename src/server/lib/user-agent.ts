import { UAParser } from "ua-parser-js";
import type { DeviceKind } from "#shared/schemas/account.ts";

/**
 * "iPhone" / "Windows" and "Safari" / "Chrome", for the sessions list and passkey names, and the
 * kind of device for the list's picture (a phone for an iPhone, not a laptop).
 */
export function deviceLabel(userAgent: string | null | undefined): {
  device: string;
  browser: string;
  kind: DeviceKind;
} {
  if (!userAgent) return { device: "Unknown device", browser: "Unknown browser", kind: "computer" };
  const ua = UAParser(userAgent);
  const model = ua.device.model && ua.device.model !== "K" ? ua.device.model : undefined;
  const device = [ua.device.vendor === "Apple" ? undefined : ua.device.vendor, model]
    .filter(Boolean)
    .join(" ");
  return {
    device: device || ua.os.name || "Unknown device",
    browser: ua.browser.name || "Unknown browser",
    kind: ua.device.type === "mobile" ? "phone" : ua.device.type === "tablet" ? "tablet" : "computer",
  };
}
