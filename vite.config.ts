import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { brandMarksCss } from "./src/shared/pay-page/brand-marks";

/** Paths the Fastify server answers; in development the Vite server forwards them to it. */
const SERVER_PATHS = ["/api", "/objects", "/pay", "/healthz", "/readyz"];
const SERVER_URL = "http://127.0.0.1:3001";
const clientFile = (file: string) => fileURLToPath(new URL(`src/client/${file}`, import.meta.url));

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [
    // The pay buttons' brand marks, in the one stylesheet every page links (shared/pay-page/brand-marks.ts).
    {
      name: "collect:brand-marks",
      enforce: "pre",
      transform(code, id) {
        if (id.split("?")[0] === clientFile("styles.css")) return `${code}${brandMarksCss()}`;
      },
    },
    react(),
    // `import { messages } from "…/de.po"`: a language's catalog, compiled (lingui.config.ts).
    lingui({ failOnCompileError: true }),
    // English, the first bundle's language, keeps only the messages Lingui must compile
    // (placeholders, plurals, tags): a plain one is its own id, which lib/i18n.tsx's `missing`
    // answers. 1,037 messages were 30.7 KB gzip of the first bundle; the plain ones are most.
    {
      name: "collect:english-plain-as-ids",
      enforce: "post",
      apply: "build",
      transform(code, id) {
        if (!/[\\/]catalogs[\\/]en\.po$/.test(id.split("?")[0] ?? "")) return null;
        const found = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code);
        if (!found?.[1]) throw new Error("collect:english-plain-as-ids: the compiled catalog's form changed");
        const messages = JSON.parse(JSON.parse(found[1])) as Record<string, unknown>;
        const compiled = Object.entries(messages).filter(
          ([key, value]) => !(Array.isArray(value) && value.length === 1 && value[0] === key),
        );
        return {
          code: code.replace(
            found[0],
            `JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(compiled)))})`,
          ),
          map: null,
        };
      },
    },
    tailwindcss(),
    // The service worker /sw.js from src/client/sw.js (issue 23 item 23, docs/decisions/025-offline.md):
    // the app shell precached so an installed Collect opens offline and says so; it never stores an
    // /api answer (personal data). Built by `vite build` only; lib/service-worker.ts registers it in
    // production builds.
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.js",
      // public/manifest.webmanifest and index.html's <link> stay as they are; lib/service-worker.ts registers.
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // index.html, every JS and CSS chunk (lazy pages included), icons and the manifest. Not the
        // pay page's script (the pay page is never served from here) nor sw-push.js (imported).
        globPatterns: ["**/*.{html,js,css,svg,png,woff2,webmanifest}"],
        globIgnores: ["assets/pay-*.js", "sw-push.js", "sw.js"],
        // Hashed names need no revision of their own.
        dontCacheBustURLsMatching: /^assets\//,
        // A classic script (importScripts works only there), its names kept out of sw-push.js's way.
        rollupFormat: "iife",
        sourcemap: false,
      },
    }),
  ],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    // Hashed asset names (Vite's default) let the server cache /assets/* for a year.
    assetsDir: "assets",
    // .vite/manifest.json: the server reads it to link built CSS/JS into server-rendered pages.
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      input: {
        // The signed-in SPA.
        main: clientFile("index.html"),
        // The server-rendered pay page's only script (its 60 KB budget: docs/product.md#pay-page), found via the manifest.
        pay: fileURLToPath(new URL("src/shared/pay-page/pay-script.ts", import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: SERVER_URL }])),
  },
  preview: { port: 4173 },
});
