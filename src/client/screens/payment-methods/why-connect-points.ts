import { PROVIDER_LABELS, type Provider } from "#shared/providers.ts";

/** Providers whose handle is the user's own email address or phone number (docs/product.md "Payment methods"). */
export const CONTACT_HANDLE_PROVIDERS = ["zelle", "googlepay"] as const satisfies readonly Provider[];

const contactNames = CONTACT_HANDLE_PROVIDERS.map((p) => PROVIDER_LABELS[p]).join(" and ");

/**
 * The 'Why Connect Payment Methods?' panel's three points. The last one says plainly
 * what payers see: every handle is shown on the payment page with a Copy button.
 */
export const WHY_CONNECT_POINTS = [
  {
    key: "faster",
    title: "Get paid faster",
    body: "People pay in the app they already have, right from your request link.",
  },
  {
    key: "choice",
    title: "More ways to say yes",
    body: "The more methods you connect, the fewer excuses for paying later.",
  },
  {
    key: "visible",
    title: "Payers see these handles",
    body: `Your payment page shows each handle you enter here, with a Copy button. For ${contactNames} that is your email or phone number.`,
  },
] as const;
