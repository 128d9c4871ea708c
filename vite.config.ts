import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Paths the Fastify server answers; in development the Vite server forwards them to it. */
const SERVER_PATHS = ["/api", "/objects", "/pay", "/healthz", "/readyz"];
const SERVER_URL = "http://127.0.0.1:3001";
const clientFile = (file: string) => fileURLToPath(new URL(`src/client/${file}`, import.meta.url));

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
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
