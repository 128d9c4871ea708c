import { describe, expect, it } from "vitest";
import { APP_PATHS, paths } from "#client/lib/paths.ts";
import { servesShell } from "./shell-routes";

describe("the service worker's offline shell", () => {
  it("answers every route of the app, with or without a query string", () => {
    for (const path of ["/", paths.signIn, paths.signOut, paths.setup, paths.resetPassword, ...APP_PATHS]) {
      expect(servesShell(path), path).toBe(true);
    }
    expect(servesShell("/split?id=4f2c")).toBe(true);
    expect(servesShell("/reset-password?token=abc")).toBe(true);
  });

  it("never answers the pay page, the API or the server's own files", () => {
    for (const path of [
      "/pay/abc123",
      "/pay/abc123?x=1",
      "/pay/abc123/card/og.png",
      "/pay",
      "/api/auth/user",
      "/api/logout",
      "/api/payment-requests/export.csv",
      "/objects/photos/a.webp",
      "/healthz",
      "/readyz",
      "/metrics",
      "/robots.txt",
      "/favicon.ico",
      "/sw.js",
      "/index.html",
    ]) {
      expect(servesShell(path), path).toBe(false);
    }
  });

  it("leaves paths the app does not have to the server (its not-found page)", () => {
    expect(servesShell("/requests")).toBe(false);
    expect(servesShell("/archive/old")).toBe(false);
    expect(servesShell("//example.com")).toBe(false);
  });
});
