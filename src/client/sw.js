// Collect's service worker (docs/decisions/025-offline.md). vite-plugin-pwa
// builds it into /sw.js (vite.config.ts), writing the build's file list where __WB_MANIFEST is.
// Plain JS like public/sw-push.js: the type check's DOM library has no service-worker types.
//
// What it keeps: the app shell only (index.html, the JS and CSS chunks, icons, the manifest),
// all public and the same for everyone. It never stores a page or an API answer: no /api
// response, and so no personal data, is ever in Cache Storage, before or after sign-out.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { servesShell } from "./app/shell-routes.ts";

// Web Push: its own file, which Vite's dev server also serves alone.
importScripts("/sw-push.js");

// A new version takes over once installed (sw-push.js says so too); the next load gets its shell.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
// The shell's files, answered from the cache first (their names are hashed, or they carry a
// revision). Navigations are not: "/" is not mapped to index.html here (directoryIndex), it is
// handled below with every other route.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });

// A navigation to one of the app's routes goes to the network, as without a worker, so an online
// load always gets the server's current index.html and headers. Only when no answer comes back
// does the precached shell answer, and the app says "You're offline". Everything else (/pay/*,
// /api/*, /objects/*, the server's own files) is left to the browser: offline, its error page.
self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !servesShell(url.pathname + url.search)) return;
  event.respondWith(
    fetch(request).catch(async (error) => {
      const shell = await matchPrecache("index.html");
      if (shell) return shell;
      throw error;
    }),
  );
});
