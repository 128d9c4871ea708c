import { describe, expect, it } from "vitest";
import { deviceLabel } from "./user-agent";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const PIXEL =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe("deviceLabel", () => {
  it("names the device and browser, and tells a phone from a computer (issue 23, item 22)", () => {
    expect(deviceLabel(IPHONE)).toEqual({ device: "iPhone", browser: "Mobile Safari", kind: "phone" });
    expect(deviceLabel(PIXEL)).toMatchObject({ kind: "phone" });
    expect(deviceLabel(IPAD)).toMatchObject({ device: "iPad", kind: "tablet" });
    expect(deviceLabel(WINDOWS)).toEqual({ device: "Windows", browser: "Firefox", kind: "computer" });
    expect(deviceLabel(null)).toEqual({
      device: "Unknown device",
      browser: "Unknown browser",
      kind: "computer",
    });
  });
});
