import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { expect } from "vitest";
import { Toaster } from "#client/components/toaster.tsx";
import { AppI18n } from "#client/lib/i18n.tsx";
import { queryClient } from "#client/lib/query-client.ts";

/**
 * Renders a screen part as the app does (main.tsx): the app's one query client (seeded by `seed`),
 * the same one the api modules change, and the toaster.
 */
export function renderWithApp(ui: ReactNode, seed: (client: QueryClient) => void = () => {}) {
  seed(queryClient);
  return render(ui, { wrapper: App });
}

function App({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppI18n>
        {children}
        <Toaster />
      </AppI18n>
    </QueryClientProvider>
  );
}

/** Waits for the one toast on screen (a leaving one aside) to be an alert saying `title` and `description`. */
export async function expectToast(title: string, description: string) {
  await waitFor(() => {
    const shown = [...document.querySelectorAll("[data-sonner-toast]:not([data-removed=true]) [role]")];
    expect(shown.map((node) => [node.getAttribute("role"), node.textContent])).toEqual([
      ["alert", `${title}${description}`],
    ]);
  });
}
