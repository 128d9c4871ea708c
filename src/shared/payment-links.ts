import type { Provider } from "./providers";

/** Where a payer's tap goes for each provider (spec §7 "Payment links built on the client"). */
export type PaymentAction =
  | { kind: "link"; href: string }
  /** No usable web link here: tell the payer what to do (and offer the handle to copy). */
  | { kind: "toast"; title: string; description: string; duration?: number };

export type PaymentLinkInput = {
  provider: Provider;
  handle: string;
  amount: string;
  description: string | null;
  /** Venmo's app link only works on a phone. */
  isMobile: boolean;
};

const strip = (handle: string, prefix: string) =>
  handle.startsWith(prefix) ? handle.slice(prefix.length) : handle;

export function paymentAction({
  provider,
  handle,
  amount,
  description,
  isMobile,
}: PaymentLinkInput): PaymentAction {
  const h = handle.trim();
  switch (provider) {
    case "paypal":
      return { kind: "link", href: `https://paypal.me/${encodeURIComponent(h)}/${amount}` };
    case "cashapp":
      return { kind: "link", href: `https://cash.app/$${encodeURIComponent(strip(h, "$"))}/${amount}` };
    case "venmo": {
      if (!isMobile) {
        return {
          kind: "toast",
          title: "Open Venmo",
          description: `Open the Venmo app or venmo.com and pay ${h} $${amount}.`,
          duration: 6000,
        };
      }
      const params = new URLSearchParams({ txn: "pay", recipients: strip(h, "@"), amount });
      if (description) params.set("note", description);
      return { kind: "link", href: `venmo://paycharge?${params.toString().replaceAll("+", "%20")}` };
    }
    case "googlepay": {
      const params = new URLSearchParams({ recipient: h, amount, currency: "USD" });
      return { kind: "link", href: `https://pay.google.com/gp/v/send?${params.toString()}` };
    }
    case "zelle":
      return {
        kind: "toast",
        title: "Pay with Zelle",
        description: `Send $${amount} to ${h} in your bank's Zelle app.`,
      };
  }
}
