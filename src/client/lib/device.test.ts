import { describe, expect, it } from "vitest";
import { canSendTexts } from "./device";

const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const PIXEL =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const device = (userAgent: string, maxTouchPoints = 0, coarsePointer = false) => ({
  userAgent,
  maxTouchPoints,
  coarsePointer,
});

describe("canSendTexts", () => {
  it("is true on phones and tablets, iPadOS's Mac-like agent included", () => {
    expect(canSendTexts(device(PIXEL, 5, true))).toBe(true);
    expect(canSendTexts(device(IPHONE, 5, true))).toBe(true);
    expect(canSendTexts(device(MAC_SAFARI, 5, true))).toBe(true);
  });

  it("is false on a desktop with no touch, which would only show an error for sms:", () => {
    expect(canSendTexts(device(WINDOWS_CHROME))).toBe(false);
    expect(canSendTexts(device(MAC_SAFARI))).toBe(false);
  });

  it("is true on a touch laptop", () => {
    expect(canSendTexts(device(WINDOWS_CHROME, 10, false))).toBe(true);
  });
});
