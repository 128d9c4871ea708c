import { canSendTexts } from "./device";

/**
 * Opens the device's text composer (docs/product.md "Request Payment") by following an `sms:` link,
 * as a tap on a link would, and says whether it did: where the device cannot send texts it
 * does not try, and the caller offers the link to share instead. Going through a real anchor
 * gives browser tests one click to observe.
 */
export function launchSms(href: string): boolean {
  if (!canSendTexts()) return false;
  const link = document.createElement("a");
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  return true;
}
