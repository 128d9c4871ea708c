/**
 * Opens the device's text composer (spec §4 "Request creation") by following an `sms:` link,
 * as a tap on a link would. Going through a real anchor keeps the page alive on desktops with
 * no handler, and gives browser tests one click to observe.
 */
export function launchSms(href: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
