import { Trans, useLingui } from "@lingui/react";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { type PaymentInstructions, paymentAction, paymentInstructions } from "#shared/payment-links.ts";
import { handleLabel, isRailProvider, PROVIDER_LABELS, type UsProvider } from "#shared/providers.ts";
import type { PublicPaymentView } from "#shared/schemas/payment-request.ts";
import { BRAND_MARKS, type Brand } from "./brand-marks";
import { CopyButton, FOCUS } from "./copy-button";
import { RailOption } from "./rail-option";
import { paypalLinkAmount, railPayment } from "./rail-payloads";

type Account = PublicPaymentView["paymentAccounts"][number];

const BRAND: Record<UsProvider, string> = {
  venmo: "bg-[#0068C8] hover:bg-[#00569f]",
  paypal: "bg-[#003087] hover:bg-[#00256b]",
  cashapp: "bg-[#007A33] hover:bg-[#006329]",
  zelle: "bg-[#6D1ED4] hover:bg-[#5a17b0]",
  googlepay: "",
};

/**
 * One payment app on the pay page: a button that opens a working link or explains itself, plus
 * what to copy. Rendered for a phone; on a desktop pay-script.ts turns Venmo's tap into its toast.
 */
export function PayOption({
  account,
  amount,
  currency = "USD",
  description,
  requesterName,
}: {
  account: Account;
  amount: string;
  currency?: string;
  description: string | null;
  requesterName: string;
}) {
  const { i18n } = useLingui();
  const { provider: anyProvider, accountHandle: handle } = account;
  if (isRailProvider(anyProvider)) {
    const request = { amount, currency, description, requesterName };
    const payment = railPayment(account, request);
    return payment ? <RailOption payment={payment} request={request} /> : null;
  }
  const provider: UsProvider = anyProvider;
  // PayPal takes some currencies whole (forints, yen): its link carries the amount as PayPal reads it.
  const linkAmount = provider === "paypal" ? (paypalLinkAmount(amount, currency) ?? amount) : amount;
  const action = paymentAction(
    { provider, handle, amount: linkAmount, currency, description, isMobile: true },
    i18n,
  );
  const instructions = paymentInstructions({ provider, handle, amount }, i18n);
  const buttonClass = `flex min-h-14 w-full items-center justify-center gap-2.5 rounded-2xl px-4 text-lg font-bold text-white shadow-sm ${FOCUS} ${BRAND[provider]}`;
  // The toast a tap shows, written here so the page's script needs no link or money code
  // (docs/pay-buttons.md, "Dark mode and weight"): always for Zelle, on a desktop for Venmo.
  const desktop = paymentAction(
    { provider, handle, amount: linkAmount, currency, description, isMobile: false },
    i18n,
  );
  const toast =
    desktop.kind === "toast"
      ? {
          "data-toast": action.kind === "toast" ? "always" : "desktop",
          "data-toast-title": desktop.title,
          "data-toast-description": desktop.description,
          ...(desktop.href ? { "data-toast-href": desktop.href } : {}),
          ...(desktop.unbroken ? { "data-toast-unbroken": JSON.stringify(desktop.unbroken) } : {}),
        }
      : {};
  const data = {
    "data-pay": "",
    "data-provider": provider,
    "data-handle": handle,
    "data-amount": amount,
    "data-description": description ?? "",
    ...toast,
  };
  return (
    <li className="flex flex-col gap-1.5">
      {action.kind === "link" ? (
        <>
          <a href={action.href} rel="noopener noreferrer" className={buttonClass} {...data}>
            <ButtonFace provider={provider} />
          </a>
          {provider === "venmo" && (
            // Where a desktop's Venmo toast shows, under its button (pay-script.ts): it covers
            // nothing and stays until closed. Empty, it takes no room but is already a live region.
            <div data-toast-slot role="status" className="empty:absolute" />
          )}
        </>
      ) : action.kind === "toast" ? (
        <button type="button" className={buttonClass} {...data}>
          <ButtonFace provider={provider} />
        </button>
      ) : null}
      {instructions ? (
        <Instructions
          provider={provider}
          instructions={instructions}
          // With no button above it, the box names its provider itself.
          heading={action.kind === "inline" ? PROVIDER_LABELS[provider] : null}
        />
      ) : (
        <CopyButton value={handle} name={handleLabel(provider, i18n)} />
      )}
    </li>
  );
}

/** "Pay with …" and, where the brand's own payment page opens, its mark (docs/pay-buttons.md). */
function ButtonFace({ provider }: { provider: UsProvider }) {
  const { i18n } = useLingui();
  if (provider === "venmo") {
    // Venmo's mark is its wordmark: it stands for the word, as on Venmo's own "Pay with" buttons
    // (<0/> is where the mark goes in the language's order).
    return (
      <Trans
        id="Pay with <0/><1>{provider}</1>"
        values={{ provider: BRAND_MARKS.venmo.title }}
        components={{ 0: <Mark brand="venmo" className="h-5 w-24" />, 1: <span className="sr-only" /> }}
      />
    );
  }
  const brand = provider === "paypal" || provider === "cashapp" ? provider : null;
  return (
    <>
      {brand && <Mark brand={brand} className="size-6 shrink-0" />}
      <span>{i18n._("Pay with {provider}", { provider: PROVIDER_LABELS[provider] })}</span>
    </>
  );
}

/** A brand's mark, drawn by the stylesheet (brand-marks.ts brandMarksCss); its words are the button's. */
function Mark({ brand, className }: { brand: Brand; className: string }) {
  return <span aria-hidden="true" className={`brand-mark brand-mark-${brand} ${className}`} />;
}

/** What to do where no link can pay: one sentence, then the amount and the handle to copy. */
function Instructions({
  provider,
  instructions,
  heading,
}: {
  provider: UsProvider;
  instructions: PaymentInstructions;
  heading: string | null;
}) {
  const { i18n } = useLingui();
  const label = PROVIDER_LABELS[provider];
  return (
    <div
      data-instructions={provider}
      className="flex flex-col gap-2 rounded-2xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700"
    >
      {heading && <h2 className="text-base font-bold text-slate-900 dark:text-white">{heading}</h2>}
      <p className="text-slate-700 dark:text-slate-300">{instructions.sentence}</p>
      <CopyButton
        value={instructions.amount}
        shown={formatMoney(instructions.amount, "USD", intlLocaleOf(i18n.locale))}
        name={i18n._("{provider} amount", { provider: label })}
        boxed
      />
      <CopyButton value={instructions.handle} name={handleLabel(provider, i18n)} boxed />
    </div>
  );
}
