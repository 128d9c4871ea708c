import type { I18n } from "@lingui/core";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { PROVIDER_LABELS, type Provider } from "#shared/providers.ts";

/** Providers whose handle is the user's own email address or phone number (docs/product.md "Payment methods"). */
export const CONTACT_HANDLE_PROVIDERS = ["zelle", "googlepay"] as const satisfies readonly Provider[];

/** Those providers' names as a list in an Intl locale's words: "Zelle and Google Pay" in en-US. */
const contactNames = (intlLocale: string) =>
  new Intl.ListFormat(intlLocale, { type: "conjunction" }).format(
    CONTACT_HANDLE_PROVIDERS.map((p) => PROVIDER_LABELS[p]),
  );

/** The last point's sentence as a message id: `{providers}` is that list. */
const VISIBLE_BODY =
  /*i18n*/ "Your payment page shows each handle you enter here, with a Copy button. For {providers} that is your email or phone number.";

/**
 * The 'Why Connect Payment Methods?' panel's three points, in English (the message ids: shown
 * through `whyConnectText`). The last one says plainly what payers see: every handle is shown on
 * the payment page with a Copy button.
 */
export const WHY_CONNECT_POINTS = [
  {
    key: "faster",
    title: /*i18n*/ "Get paid faster",
    body: /*i18n*/ "People pay in the app they already have, right from your request link.",
  },
  {
    key: "choice",
    title: /*i18n*/ "More ways to say yes",
    body: /*i18n*/ "The more methods you connect, the fewer excuses for paying later.",
  },
  {
    key: "visible",
    title: /*i18n*/ "Payers see these handles",
    body: VISIBLE_BODY,
  },
] as const;

/** A point's title and body in `i18n`'s language (the providers listed in its words). */
export function whyConnectText(
  point: (typeof WHY_CONNECT_POINTS)[number],
  i18n: I18n,
): { title: string; body: string } {
  const body =
    point.key === "visible"
      ? i18n._(VISIBLE_BODY, { providers: contactNames(intlLocaleOf(i18n.locale)) })
      : i18n._(point.body);
  return { title: i18n._(point.title), body };
}
