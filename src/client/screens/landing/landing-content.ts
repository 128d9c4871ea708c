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

/**
 * Where the brief puts two testimonials (docs/product.md "Landing"): two examples of use in
 * Collect's own voice, because nobody gave a testimonial, and an invented one would deceive
 * (docs/decisions/034-no-invented-testimonials.md). Shown through `i18n._`.
 */
export const EXAMPLES: readonly { title: string; body: string }[] = [
  {
    title: /*i18n*/ "Rent with roommates",
    body: /*i18n*/ "On the 1st, one text to each roommate with their share and a link. Each pays from the link in the app they already use, and you mark it paid when it lands.",
  },
  {
    title: /*i18n*/ "Lessons, clubs and classes",
    body: /*i18n*/ "A monthly request to each family, sent for you. The link shows your name, photo, amount and note, so nobody has to ask which app you use.",
  },
];
