import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { BRAND_SVG } from "#server/lib/brand-mark.ts";
import { describeEachDatabase } from "#server/test/harness.ts";

/** A built client whose fallback answers every unknown path with its index.html. */
const clientDir = mkdtempSync(path.join(os.tmpdir(), "collect-client-"));
writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Collect app</title>");

/** The `Disallow`/`Allow` rules of the group that names the user agent (robots.txt groups). */
function rulesFor(robots: string, agent: string): string[] {
  const groups = robots.trim().split(/\n\s*\n/);
  const group = groups.find((g) => g.split("\n").some((line) => line === `User-agent: ${agent}`));
  return (group ?? "").split("\n").filter((line) => !line.startsWith("User-agent:"));
}

it("draws the same mark as the client's favicon.svg", () => {
  const file = new URL("../../../client/public/favicon.svg", import.meta.url);
  expect(BRAND_SVG).toBe(readFileSync(file, "utf8").trim());
});

describeEachDatabase(
  "site files served by the server itself",
  (ctx) => {
    it("serves the client's fallback for other paths (the setting these tests rely on)", async () => {
      const response = await ctx.app.inject({ method: "GET", url: "/some/client/route" });
      expect(response.body).toContain("Collect app");
    });

    it("serves /robots.txt keeping search engines out of /pay/ and /api/, previewers allowed /pay/", async () => {
      const response = await ctx.app.inject({ method: "GET", url: "/robots.txt" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(rulesFor(response.body, "*")).toEqual(["Disallow: /pay/", "Disallow: /api/"]);
      for (const previewer of ["Twitterbot", "facebookexternalhit", "LinkedInBot"]) {
        expect(rulesFor(response.body, previewer)).toEqual(["Allow: /pay/", "Disallow: /api/"]);
      }
    });

    it("serves /favicon.ico as a real icon: an ICO directory of PNG images", async () => {
      const response = await ctx.app.inject({ method: "GET", url: "/favicon.ico" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/x-icon");
      const ico = response.rawPayload;
      expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
      const count = ico.readUInt16LE(4);
      const sizes: number[] = [];
      for (let i = 0; i < count; i++) {
        const entry = 6 + 16 * i;
        const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
        const png = ico.subarray(offset, offset + length);
        expect(png.length).toBe(length);
        expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
        // The directory's size matches the PNG's own IHDR width.
        expect(png.readUInt32BE(16)).toBe(ico.readUInt8(entry));
        sizes.push(ico.readUInt8(entry));
      }
      expect(sizes).toEqual([16, 32, 48]);
    });
  },
  { clientDir },
);
