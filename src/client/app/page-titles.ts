import { useEffect } from "react";
import { useClaimCount } from "#client/features/payment-requests/live-updates.ts";
import { type AppPath, paths } from "#client/lib/paths.ts";
import type { RouteDecision } from "./route-access";

const APP = "Collect";

const PAGE_NAMES: Record<AppPath, string> = {
  [paths.request]: "Request Payment",
  [paths.split]: "Split a Bill",
  [paths.contacts]: "Contacts",
  [paths.recurring]: "Recurring",
  [paths.archive]: "Archive",
  [paths.paymentMethods]: "Payment Methods",
  [paths.profile]: "Profile",
  [paths.photo]: "Upload Profile Photo",
};

/** "Screen · Collect": the screen first, so tabs and history entries tell screens apart. */
function titled(screen: string): string {
  return `${screen} · ${APP}`;
}

export const SIGN_IN_TITLE = titled("Sign in");

/** The document title for what the router shows; in-between states keep the app's name. */
export function documentTitle(decision: RouteDecision): string {
  switch (decision.show) {
    case "landing":
      return `${APP}: request money by text`;
    case "home":
      return titled("Home");
    case "setup":
      return titled("Set up your account");
    case "page":
      return titled(PAGE_NAMES[decision.path]);
    case "not-found":
      return titled("404 Page Not Found");
    case "splash":
    case "wait":
    case "retry":
    case "login":
    case "redirect":
      return APP;
  }
}

/** The title with the count of new claims in front while there are some: "(2) Home · Collect". */
export function titleWithCount(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title;
}

/** Sets the document title while rendered, the count of new claims (features/payment-requests/live-updates.ts) included. */
export function useDocumentTitle(title: string): void {
  const count = useClaimCount();
  useEffect(() => {
    document.title = titleWithCount(title, count);
  }, [title, count]);
}
