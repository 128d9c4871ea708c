import { describe, expect, it } from "vitest";
import { decideRoute } from "./route-access";

const withProfile = { kind: "signed-in", hasProfile: true } as const;
const noProfile = { kind: "signed-in", hasProfile: false } as const;

describe("decideRoute", () => {
  it("shows the landing page at / once signed out, and only the logo while the session is checked", () => {
    expect(decideRoute("/", { kind: "loading" })).toEqual({ show: "splash" });
    expect(decideRoute("/", { kind: "signed-out" })).toEqual({ show: "landing" });
  });

  it("offers to try again when the session check fails, and at / too when offline", () => {
    expect(decideRoute("/", { kind: "error", offline: false })).toEqual({ show: "landing" });
    expect(decideRoute("/", { kind: "error", offline: true })).toEqual({ show: "retry" });
    expect(decideRoute("/archive", { kind: "error", offline: false })).toEqual({ show: "retry" });
    expect(decideRoute("/archive", { kind: "error", offline: true })).toEqual({ show: "retry" });
  });

  it("sends a signed-out visitor of a signed-in route to sign in", () => {
    for (const path of [
      "/request",
      "/contacts",
      "/archive",
      "/payment-methods",
      "/profile",
      "/photo",
      "/setup",
    ]) {
      expect(decideRoute(path, { kind: "signed-out" })).toEqual({ show: "login" });
    }
  });

  it("keeps a user without a profile name on setup", () => {
    expect(decideRoute("/", noProfile)).toEqual({ show: "setup" });
    expect(decideRoute("/setup", noProfile)).toEqual({ show: "setup" });
    expect(decideRoute("/profile", noProfile)).toEqual({ show: "redirect", to: "/setup" });
  });

  it("opens the full app with a profile name", () => {
    expect(decideRoute("/", withProfile)).toEqual({ show: "home" });
    expect(decideRoute("/payment-methods", withProfile)).toEqual({ show: "page", path: "/payment-methods" });
    expect(decideRoute("/setup", withProfile)).toEqual({ show: "redirect", to: "/" });
  });

  it("answers not found for any other path in every state", () => {
    for (const auth of [
      { kind: "loading" } as const,
      { kind: "signed-out" } as const,
      noProfile,
      withProfile,
    ]) {
      expect(decideRoute("/nope", auth)).toEqual({ show: "not-found" });
      expect(decideRoute("/profile/", auth)).toEqual({ show: "not-found" });
    }
  });
});
