import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { leavePage } from "./leave-page";
import { toast } from "./toast";

/**
 * What a full page load says when it lands after an outcome the user caused:
 * the page before stores which one in sessionStorage (this tab only, gone once shown); a
 * confirmation link opened in any browser lands on `?email-verified=1`
 * (server VERIFIED_LANDING).
 */
export const ARRIVAL_NOTICES = {
  signedOut: { title: /*i18n*/ "You're signed out", description: /*i18n*/ "See you next time." },
  accountDeleted: {
    title: /*i18n*/ "Your account is deleted",
    description: /*i18n*/ "Everything Collect kept for you is gone.",
  },
  passwordReset: {
    title: /*i18n*/ "Password changed — you're signed in",
    description: /*i18n*/ "Every other device is signed out.",
  },
  emailVerified: {
    title: /*i18n*/ "Email confirmed",
    description: /*i18n*/ "Thanks: your address is confirmed.",
  },
} as const;
export type ArrivalNotice = keyof typeof ARRIVAL_NOTICES;

const KEY = "collect.arrival-notice";
const VERIFIED_PARAM = "email-verified";

function isNotice(value: string | null): value is ArrivalNotice {
  return value !== null && Object.hasOwn(ARRIVAL_NOTICES, value);
}

/** A full load of `url` that says `notice` when it lands. */
export function leaveWithNotice(notice: ArrivalNotice, url: string): void {
  try {
    sessionStorage.setItem(KEY, notice);
  } catch {
    // Storage off (a private window's quota): the page still goes, without the word.
  }
  leavePage(url);
}

/** The notice this load was sent with, once: the stored one is removed, the address cleaned. */
export function takeArrivalNotice(): ArrivalNotice | null {
  const url = new URL(window.location.href);
  if (url.searchParams.get(VERIFIED_PARAM) === "1") {
    url.searchParams.delete(VERIFIED_PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    return "emailVerified";
  }
  try {
    const stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return isNotice(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Shows the arrival notice, if this load has one. */
export function useArrivalNotice(): void {
  const { i18n } = useLingui();
  useEffect(() => {
    const notice = takeArrivalNotice();
    if (!notice) return;
    const { title, description } = ARRIVAL_NOTICES[notice];
    toast({ title: i18n._(title), description: i18n._(description) });
  }, [i18n]);
}
