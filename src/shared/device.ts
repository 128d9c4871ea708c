const PHONE_OR_TABLET = /Android|iPhone|iPad|iPod|Mobile/i;

/**
 * A phone or tablet, by its user agent: iPadOS reports itself as a Mac, but one with touch.
 * The pay page opens app links there; the request form opens the text composer.
 */
export function isPhoneOrTablet(userAgent: string, maxTouchPoints: number): boolean {
  return PHONE_OR_TABLET.test(userAgent) || (maxTouchPoints > 1 && /Macintosh/.test(userAgent));
}
