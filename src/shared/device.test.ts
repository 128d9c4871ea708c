import { describe, expect, it } from "vitest";
import { isPhoneOrTablet } from "./device";

const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const PIXEL =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("isPhoneOrTablet", () => {
  it("knows phones by their agent, and an iPad by a Mac agent with touch", () => {
    expect(isPhoneOrTablet(PIXEL, 5)).toBe(true);
    expect(isPhoneOrTablet(MAC_SAFARI, 5)).toBe(true);
  });

  it("is false for a Mac without touch and for a Windows desktop, even a touch one", () => {
    expect(isPhoneOrTablet(MAC_SAFARI, 0)).toBe(false);
    expect(isPhoneOrTablet(WINDOWS_CHROME, 10)).toBe(false);
  });
});
