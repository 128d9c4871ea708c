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
  signedOut: { title: "You're signed out", description: "See you next time." },
  accountDeleted: {
    title: "Your account is deleted",
    description: "Everything Collect kept for you is gone.",
  },
  passwordReset: {
    title: "Password changed — you're signed in",
    description: "Every other device is signed out.",
  },
  emailVerified: { title: "Email confirmed", description: "Thanks: your address is confirmed." },
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
  useEffect(() => {
    const notice = takeArrivalNotice();
    if (notice) toast(ARRIVAL_NOTICES[notice]);
  }, []);
}
