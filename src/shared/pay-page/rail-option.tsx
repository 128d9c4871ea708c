import { useLingui } from "@lingui/react";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { handleLabel, providerLabel, type RailProvider } from "#shared/providers.ts";
import { CopyButton, FOCUS } from "./copy-button";
import { QrCode } from "./qr-code";
import type { RailPayment, RailRequest } from "./rail-payloads";

/** Each rail's button colour: its brand's, dark enough for white text (WCAG AA). */
const BRAND: Partial<Record<RailProvider, string>> = {
  upi: "bg-[#097939] hover:bg-[#07602d]",
  swish: "bg-[#1B6B88] hover:bg-[#155670]",
  monzo: "bg-[#14233C] hover:bg-[#0d1829]",
};

/** What the QR code is, to a screen reader and under the code. */
const SCAN: Record<RailProvider, string> = {
  upi: /*i18n*/ "On a computer? Scan this code with your phone's UPI app.",
  pix: /*i18n*/ "Scan this code with your bank's app, or copy the Pix code below and paste it in Pix Copia e Cola.",
  sepa: /*i18n*/ "Scan this code with your banking app (GiroCode / EPC QR), or copy the details above.",
  swish: /*i18n*/ "On a computer? Scan this code with the Swish app.",
  monzo: "",
  paynow: /*i18n*/ "Scan this code with your banking app, or save it and open it in your bank's app.",
  promptpay: /*i18n*/ "Scan this code with your banking app, or save it and open it in your bank's app.",
};

const BOX =
  "flex flex-col gap-2 rounded-2xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700";

/**
 * A rail on the pay page (docs/pay-buttons.md): a button where the rail has a link (UPI, Swish,
 * Monzo), a QR code drawn on the server where it has one, and what to copy. No script of its
 * own: the page's copy handler serves its Copy buttons.
 */
export function RailOption({ payment, request }: { payment: RailPayment; request: RailRequest }) {
  const { i18n } = useLingui();
  const { provider, href, qr } = payment;
  const label = providerLabel(provider, i18n);
  const amount = formatMoney(request.amount, request.currency, intlLocaleOf(i18n.locale));
  return (
    <li className="flex flex-col gap-1.5" data-rail={provider}>
      {href ? (
        <a
          href={href}
          rel="noopener noreferrer"
          className={`flex min-h-14 w-full items-center justify-center gap-2.5 rounded-2xl px-4 text-lg font-bold text-white shadow-sm ${FOCUS} ${BRAND[provider] ?? ""}`}
        >
          {i18n._("Pay with {provider}", { provider: label })}
        </a>
      ) : null}
      <div className={BOX} data-instructions={provider}>
        {href ? null : <h2 className="text-base font-bold text-slate-900 dark:text-white">{label}</h2>}
        {provider === "upi" && request.currency === "INR" ? (
          <p className="text-slate-700 dark:text-slate-300">
            {i18n._(
              "Opens your UPI app. Paying with Google Pay? In India Google Pay pays through UPI: this link opens it.",
            )}
          </p>
        ) : null}
        {provider === "sepa" && payment.holderName ? (
          <p className="text-slate-700 dark:text-slate-300">
            {i18n._(
              "Before you send, check that your bank shows the name {holder} for this IBAN; if it shows another name, ask {name} first.",
              { holder: payment.holderName, name: request.requesterName },
            )}
          </p>
        ) : null}
        {payment.holderName ? (
          <CopyButton
            value={payment.holderName}
            name={i18n._("{provider} account holder", { provider: label })}
            boxed
          />
        ) : null}
        <CopyButton
          value={payment.handle.replace(provider === "sepa" ? / /g : /^$/, "")}
          shown={payment.handle}
          name={`${label} ${handleLabel(provider, i18n)}`}
          boxed
        />
        {payment.bic ? <CopyButton value={payment.bic} name={`${label} BIC`} boxed /> : null}
        {href ? null : (
          <CopyButton
            value={request.amount}
            shown={amount}
            name={i18n._("{provider} amount", { provider: label })}
            boxed
          />
        )}
        {payment.reference ? (
          <CopyButton
            value={payment.reference}
            name={i18n._("{provider} reference", { provider: label })}
            boxed
          />
        ) : null}
        {qr ? (
          <figure
            className={`mt-1 flex-col items-center gap-2 ${payment.qrOnDesktopOnly ? "hidden pointer-fine:flex" : "flex"}`}
          >
            <QrCode
              payload={qr.payload}
              errorCorrectionLevel={qr.level}
              label={i18n._("QR code to pay {amount} with {provider}", { amount, provider: label })}
            />
            <figcaption className="text-center text-slate-700 dark:text-slate-300">
              {i18n._(SCAN[provider])}
            </figcaption>
          </figure>
        ) : null}
        {payment.copyPaste ? (
          <CopyButton value={payment.copyPaste} name={i18n._("Pix Copia e Cola code")} boxed />
        ) : null}
      </div>
    </li>
  );
}
