import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { expect, it } from "vitest";
import { BRAND_SVG } from "#server/lib/brand-mark.ts";
import { describeEachDatabase } from "#server/test/harness.ts";

/** A built client whose fallback answers every unknown path with its index.html. */
const clientDir = mkdtempSync(path.join(os.tmpdir(), "collect-client-"));
writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Collect app</title>");
// The build's service worker, with the brotli copy scripts/compress.mjs writes, and a hashed chunk.
const WORKER = `importScripts("/sw-push.js");${"/* the precache list */".repeat(40)}`;
writeFileSync(path.join(clientDir, "sw.js"), WORKER);
writeFileSync(path.join(clientDir, "sw.js.br"), brotliCompressSync(WORKER));
writeFileSync(path.join(clientDir, "sw-push.js"), 'self.addEventListener("push", () => {});');
mkdirSync(path.join(clientDir, "assets"));
writeFileSync(path.join(clientDir, "assets", "main-abc123.js"), "export {};");

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

    it("serves the service worker as JavaScript the browser always revalidates, so a new version lands", async () => {
      for (const encoding of ["br", "identity"]) {
        const response = await ctx.app.inject({
          method: "GET",
          url: "/sw.js",
          headers: { "accept-encoding": encoding },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toBe("application/javascript; charset=utf-8");
        expect(response.headers["cache-control"]).toBe("no-cache");
        const body = encoding === "br" ? brotliDecompressSync(response.rawPayload).toString() : response.body;
        expect(response.headers["content-encoding"]).toBe(encoding === "br" ? "br" : undefined);
        expect(body).toBe(WORKER);
      }
      const push = await ctx.app.inject({ method: "GET", url: "/sw-push.js" });
      expect(push.headers["content-type"]).toBe("application/javascript; charset=utf-8");
      expect(push.headers["cache-control"]).toBe("no-cache");
      // Its script-src 'self' is what lets the worker load and import our scripts; hashed chunks stay a year.
      expect(push.headers["content-security-policy"]).toContain("script-src 'self'");
      const chunk = await ctx.app.inject({ method: "GET", url: "/assets/main-abc123.js" });
      expect(chunk.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
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
