import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Toaster } from "#client/components/toaster.tsx";
import { AppI18n } from "#client/lib/i18n.tsx";
import { queryClient } from "#client/lib/query-client.ts";
import { registerServiceWorker } from "#client/lib/service-worker.ts";
import { OfflineBanner } from "./layout/offline-banner";
import { AppRoutes } from "./routes";
import "../styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in index.html");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppI18n>
        <OfflineBanner />
        <AppRoutes />
        <Toaster />
      </AppI18n>
    </QueryClientProvider>
  </StrictMode>,
);

// Production builds only: Vite's dev server has no /sw.js, and tests run no build.
if (import.meta.env.PROD) registerServiceWorker();
