import { describe, expect, it } from "vitest";
import { APP_PATHS } from "#client/lib/paths.ts";
import { documentTitle, signInTitle } from "./page-titles";
import { decideRoute } from "./route-access";

const withProfile = { kind: "signed-in", hasProfile: true } as const;

describe("documentTitle", () => {
  it("gives every screen its own title", () => {
    const titles = [
      documentTitle(decideRoute("/", { kind: "signed-out" })),
      documentTitle(decideRoute("/", withProfile)),
      documentTitle(decideRoute("/setup", { kind: "signed-in", hasProfile: false })),
      documentTitle(decideRoute("/nope", withProfile)),
      signInTitle(),
      ...APP_PATHS.map((path) => documentTitle(decideRoute(path, withProfile))),
    ];
    expect(new Set(titles).size).toBe(titles.length);
    expect(documentTitle(decideRoute("/archive", withProfile))).toBe("Archive · Collect");
    expect(documentTitle(decideRoute("/payment-methods", withProfile))).toBe("Payment Methods · Collect");
    expect(documentTitle(decideRoute("/nope", { kind: "signed-out" }))).toBe("404 Page Not Found · Collect");
  });
});
