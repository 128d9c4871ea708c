import type { I18n } from "@lingui/core";
import { useEffect } from "react";
import { useClaimCount } from "#client/features/payment-requests/live-updates.ts";
import { appI18n } from "#client/lib/i18n.tsx";
import { type AppPath, paths } from "#client/lib/paths.ts";
import type { RouteDecision } from "./route-access";

const APP = "Collect";

const PAGE_NAMES: Record<AppPath, string> = {
  [paths.request]: /*i18n*/ "Request Payment",
  [paths.split]: /*i18n*/ "Split a Bill",
  [paths.contacts]: /*i18n*/ "Contacts",
  [paths.balance]: /*i18n*/ "Balance",
  [paths.recurring]: /*i18n*/ "Recurring",
  [paths.archive]: /*i18n*/ "Archive",
  [paths.paymentMethods]: /*i18n*/ "Payment Methods",
  [paths.profile]: /*i18n*/ "Profile",
  [paths.photo]: /*i18n*/ "Upload Profile Photo",
};

/**
 * "Screen · Collect": the screen first, so tabs and history entries tell screens apart. The
 * screen's name (an English id) in the app's language; the app's name stays.
 */
function titled(screen: string, i18n: I18n): string {
  return `${i18n._(screen)} · ${APP}`;
}

const SIGN_IN = /*i18n*/ "Sign in";

/** The sign-in page's title, in the app's language. */
export function signInTitle(i18n: I18n = appI18n): string {
  return titled(SIGN_IN, i18n);
}

/** The document title for what the router shows; in-between states keep the app's name. */
export function documentTitle(decision: RouteDecision, i18n: I18n = appI18n): string {
  switch (decision.show) {
    case "landing":
      return i18n._("Collect: request money by text");
    case "home":
      return titled(/*i18n*/ "Home", i18n);
    case "setup":
      return titled(/*i18n*/ "Set up your account", i18n);
    case "page":
      return titled(PAGE_NAMES[decision.path], i18n);
    case "not-found":
      return titled(/*i18n*/ "404 Page Not Found", i18n);
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
