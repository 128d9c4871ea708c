/**
 * A phone or tablet, where an `sms:` link opens a text composer (issue 5 "Share without a phone").
 * iPadOS reports itself as a Mac, so a Mac with a touch screen counts too.
 */
export function isMobileDevice(): boolean {
  return (
    /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent) ||
    (navigator.maxTouchPoints > 1 && /Macintosh/.test(navigator.userAgent))
  );
}
