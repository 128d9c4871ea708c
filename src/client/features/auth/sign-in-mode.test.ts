import { describe, expect, it } from "vitest";
import { modeHref, signInMode } from "./sign-in-mode";

describe("signInMode", () => {
  it("opens Create your account for a newcomer from Get Started, Welcome back otherwise", () => {
    expect(signInMode("?returnTo=%2F", false)).toBe("sign-up");
    expect(signInMode("", false)).toBe("sign-up");
    expect(signInMode("?returnTo=%2F", true)).toBe("sign-in");
    expect(signInMode("?returnTo=%2Fprofile", false)).toBe("sign-in");
    expect(signInMode("?returnTo=%2F&mode=sign-in", false)).toBe("sign-in");
    expect(signInMode("?returnTo=%2Fprofile&mode=sign-up", true)).toBe("sign-up");
    expect(signInMode("?mode=nonsense", false)).toBe("sign-up");
  });

  it("links to the other view keeping returnTo, dropping an old error", () => {
    expect(modeHref("?returnTo=%2Fprofile&error=x", "sign-up")).toBe(
      "/sign-in?returnTo=%2Fprofile&mode=sign-up",
    );
  });
});
