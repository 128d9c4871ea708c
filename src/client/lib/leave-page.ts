let leaving = false;

/**
 * Loads another document in this tab (sign-in, the landing page once an account is deleted).
 * From then on the page is being left, and nothing may take a Back, which would cancel that load
 * (components/ui/dialog.tsx). A page the browser restores from its back-forward cache is not.
 */
export function leavePage(
  url: string,
  how: "assign" | "replace" = "assign",
  load: (url: string) => void = (to) => window.location[how](to),
): void {
  leaving = true;
  load(url);
}

export const isLeavingPage = (): boolean => leaving;

if (typeof window !== "undefined") {
  window.addEventListener("pageshow", () => {
    leaving = false;
  });
}
