import { type LucideIcon, MessageSquareText, ShieldCheck, Zap } from "lucide-react";

/** The landing page's three feature blurbs (docs/product.md "Landing"). */
export const FEATURES: readonly { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: MessageSquareText,
    title: "Request by text",
    body: "Enter a name, a mobile number and an amount. Collect opens your messages app with a friendly note and a link, ready to send.",
  },
  {
    icon: Zap,
    title: "Paid from the link",
    body: "Your friend opens the link in any browser and pays in one tap with the PayPal, Venmo or Cash App they already use. Zelle works too, in their bank's app. Nothing from Collect to install or sign up for.",
  },
  {
    icon: ShieldCheck,
    title: "Always know who owes you",
    body: "See every request in one place, mark them paid as money arrives, and keep your regulars in your contacts.",
  },
];

/** The landing page's two testimonials (docs/product.md "Landing"). */
export const TESTIMONIALS: readonly { quote: string; name: string; role: string }[] = [
  {
    quote:
      "I used to chase my roommates for rent every month. Now I send one text and the money is in my Venmo before dinner.",
    name: "Maya R.",
    role: "Splits rent with three roommates",
  },
  {
    quote:
      "Parents pay for lessons from the link without asking which app I use. It saves me an hour of reminders every week.",
    name: "Daniel K.",
    role: "Piano teacher",
  },
];
