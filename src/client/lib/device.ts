/** What `canSendTexts` reads from the browser; a parameter so the rule is testable without one. */
export type DeviceSignals = { userAgent: string; maxTouchPoints: number; coarsePointer: boolean };

import { isPhoneOrTablet } from "#shared/device.ts";

/**
 * Whether an `sms:` link can open a text composer here: a phone or tablet, or any touch device. A desktop without touch gets nothing useful from it
 * (Windows asks to "get an app to open this link"), so it is offered the link to share instead.
 */
export function canSendTexts(signals: DeviceSignals = currentSignals()): boolean {
  if (isPhoneOrTablet(signals.userAgent, signals.maxTouchPoints)) return true;
  return signals.maxTouchPoints > 0 || signals.coarsePointer;
}

function currentSignals(): DeviceSignals {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    coarsePointer: typeof matchMedia === "function" && matchMedia("(any-pointer: coarse)").matches,
  };
}
