import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { toast as sonner } from "sonner";
import { afterEach, expect } from "vitest";
import { Toaster } from "../components/toaster";

afterEach(() => {
  sonner.dismiss();
});

/** Renders a screen part as the app does: its own query cache (seeded by `seed`) and the toaster. */
export function renderWithApp(ui: ReactNode, seed: (client: QueryClient) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seed(client);
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
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
