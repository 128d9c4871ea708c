import { type LucideIcon, MessageSquareText, ShieldCheck, Zap } from "lucide-react";

/** The landing page's three feature blurbs (docs/product.md "Landing"), in English: shown through `i18n._`. */
export const FEATURES: readonly { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: MessageSquareText,
    title: /*i18n*/ "Request by text",
    body: /*i18n*/ "Enter a name, a mobile number and an amount. Collect opens your messages app with a friendly note and a link, ready to send.",
  },
  {
    icon: Zap,
    title: /*i18n*/ "Paid from the link",
    body: /*i18n*/ "Your friend opens the link in any browser and pays in one tap with the PayPal, Venmo or Cash App they already use. Zelle works too, in their bank's app. Nothing from Collect to install or sign up for.",
  },
  {
    icon: ShieldCheck,
    title: /*i18n*/ "Always know who owes you",
    body: /*i18n*/ "See every request in one place, mark them paid as money arrives, and keep your regulars in your contacts.",
  },
];

/** The landing page's two testimonials (docs/product.md "Landing"): quote and role shown through `i18n._`. */
export const TESTIMONIALS: readonly { quote: string; name: string; role: string }[] = [
  {
    quote:
      /*i18n*/ "I used to chase my roommates for rent every month. Now I send one text and the money is in my Venmo before dinner.",
    name: "Maya R.",
    role: /*i18n*/ "Splits rent with three roommates",
  },
  {
    quote:
      /*i18n*/ "Parents pay for lessons from the link without asking which app I use. It saves me an hour of reminders every week.",
    name: "Daniel K.",
    role: /*i18n*/ "Piano teacher",
  },
];
