import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react";
import { HOME_CURRENCY } from "#shared/currency.ts";
import { intlLocaleOf, type Locale } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { avatarUrl } from "#shared/photo-url.ts";
import { isRailProvider } from "#shared/providers.ts";
import { longDate, shortDate } from "#shared/schedule/due-date.ts";
import {
  type CancelledPaymentView,
  isCancelled,
  type PublicPaymentView,
} from "#shared/schemas/payment-request.ts";
import { decimalMarkIn } from "#shared/typed-amount.ts";
import { ClaimPanel } from "./claim-panel";
import { LanguageSwitcher } from "./language-switcher";
import { PayOption } from "./pay-option";
import { offered } from "./rail-payloads";

const CARD = "bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800";
const MUTED = "text-slate-600 dark:text-slate-400";
const STRONG = "text-slate-900 dark:text-white";

/** A cancelled request's page (and its preview) says this under who cancelled it. */
export function cancelledNotice(i18n: I18n): string {
  return i18n._("Nothing is owed, so there is nothing to pay.");
}

/**
 * The public payment page (docs/product.md#pay-page), rendered on the server to plain HTML: it works with no
 * JavaScript, and pay-script.ts adds the toasts, copy buttons and Venmo's desktop toast. It
 * follows the system's light or dark setting (Tailwind's `dark:` is prefers-color-scheme).
 */
export function PayView({
  view,
  languageHref,
  receiptHref,
}: {
  view: PublicPaymentView | CancelledPaymentView | null;
  /** This page's address in another language (the switcher's links). */
  languageHref: (locale: Locale) => string;
  /** Where a paid request's receipt downloads (GET /pay/:code/receipt.pdf). */
  receiptHref: string;
}) {
  const { i18n } = useLingui();
  const settled = view !== null && (isCancelled(view) || view.request.status === "paid");
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 px-4 py-8">
      <a
        href="/"
        className="inline-flex min-h-11 items-center self-center rounded-lg px-2 text-xl font-extrabold tracking-tight text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400 dark:focus-visible:outline-emerald-400"
      >
        Collect
      </a>
      <main className="flex flex-col gap-6">
        {!view ? (
          <NotFound />
        ) : isCancelled(view) ? (
          <Cancelled by={view.cancelledBy} />
        ) : (
          <RequestCard view={view} receiptHref={receiptHref} />
        )}
      </main>
      {/* An invitation where something is still to pay (or nothing was found), not under a settled request. */}
      {settled ? null : (
        <section className={`rounded-2xl p-5 text-center shadow-sm dark:shadow-none ${CARD}`}>
          <h2 className={`font-semibold ${STRONG}`}>{i18n._("Want to collect payments too?")}</h2>
          <p className={`mt-1 text-sm ${MUTED}`}>
            {i18n._("Ask anyone for money by text. They pay in the app they already use.")}
          </p>
          <a
            href="/"
            className="mt-4 inline-flex h-11 items-center justify-center rounded-xl bg-slate-900 px-5 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:bg-emerald-500 dark:text-slate-950 dark:hover:bg-emerald-400 dark:focus-visible:outline-emerald-400"
          >
            {i18n._("Get Started")}
          </a>
        </section>
      )}
      <LanguageSwitcher href={languageHref} />
      <div
        id="toast-region"
        className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4"
        // pay-script.ts's words, in the page's language ({value} and {host} it fills in).
        data-say-copied={i18n._("Copied")}
        data-say-copied-body={i18n._("{value} is on your clipboard.", { value: "{value}" })}
        data-say-copy-failed={i18n._("Copy failed")}
        data-say-copy-failed-body={i18n._("Select and copy {value} yourself.", { value: "{value}" })}
        data-say-open={i18n._("Open {host}", { host: "{host}" })}
        data-say-close={i18n._("Close")}
        data-say-not-sent={i18n._("Not sent")}
        data-say-try-again={i18n._("Please try again.")}
      />
    </div>
  );
}

/**
 * A "Request all" link's requests, oldest first: what each was for, when it was asked, and what
 * is left of it; the heading's amount is their total.
 */
function BalanceItems({ request, today }: { request: PublicPaymentView["request"]; today: string }) {
  const { i18n } = useLingui();
  const locale = intlLocaleOf(i18n.locale);
  const items = request.items ?? [];
  const count = request.count ?? items.length;
  const currency = request.currency ?? HOME_CURRENCY;
  return (
    <div data-testid="pay-items" className="mt-4 text-start">
      <p className={`text-sm font-medium ${MUTED}`}>
        {i18n._("{count, plural, one {For # request:} other {For # requests:}}", { count })}
      </p>
      <ul className="mt-2 divide-y divide-slate-200 rounded-2xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, drawn once on the server
          <li key={index} className="flex items-baseline justify-between gap-3 px-4 py-2">
            <span className="min-w-0 break-words text-slate-800 dark:text-slate-200">
              {item.description ?? i18n._("Payment request")}
              <span className={`block text-sm ${MUTED}`}>{shortDate(item.date, today, locale)}</span>
            </span>
            <bdi className={`shrink-0 font-semibold tabular-nums ${STRONG}`}>
              {formatMoney(item.amount, currency, locale)}
            </bdi>
          </li>
        ))}
      </ul>
      {count > items.length ? (
        <p className={`mt-2 text-sm ${MUTED}`}>
          {i18n._("and {count} more", { count: count - items.length })}
        </p>
      ) : null}
    </div>
  );
}

function RequestCard({ view, receiptHref }: { view: PublicPaymentView; receiptHref: string }) {
  const { i18n } = useLingui();
  const { requester, request, paymentAccounts } = view;
  // A US request's view carries no currency (the spec's answer); any other names its own.
  const currency = request.currency ?? HOME_CURRENCY;
  // The server's day (UTC) when rendered there: dates only drop their year outside it.
  const today = new Date().toISOString().slice(0, 10);
  const railRequest = {
    amount: request.amount,
    currency,
    description: request.description,
    requesterName: requester.name,
  };
  // What can take this request; a rail, the way people pay in its country, before PayPal.
  const payable = paymentAccounts
    .filter((account) => offered(account, railRequest))
    .sort((a, b) => Number(isRailProvider(b.provider)) - Number(isRailProvider(a.provider)));
  const initials = requester.name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <section data-pay-request className={`rounded-3xl p-6 text-center shadow-sm dark:shadow-none ${CARD}`}>
      {/* Shown by pay-script.ts when the requester opens their own page ({name}: whom it is for). */}
      <p
        data-own-view
        hidden
        data-say={i18n._("This is what {name} sees. Only you see this line.", { name: "{name}" })}
        className="mb-4 rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-400/10 dark:text-amber-200"
      />
      {requester.photo ? (
        <img
          src={avatarUrl(requester.photo, 192)}
          alt={requester.name}
          width={80}
          height={80}
          className="mx-auto size-20 rounded-full object-cover ring-4 ring-emerald-50 dark:ring-emerald-950"
        />
      ) : (
        <div
          aria-hidden="true"
          className="mx-auto flex size-20 items-center justify-center rounded-full bg-emerald-100 text-2xl font-bold text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300"
        >
          {initials}
        </div>
      )}
      <p className={`mt-4 ${MUTED}`}>
        {request.status === "paid" && request.paidOn ? (
          <Trans
            id="<0>{name}</0> was paid on {date}"
            values={{
              name: requester.name,
              date: shortDate(request.paidOn, today, intlLocaleOf(i18n.locale)),
            }}
            components={{ 0: <span className={`font-semibold ${STRONG}`} /> }}
          />
        ) : (
          <Trans
            id="<0>{name}</0> is requesting"
            values={{ name: requester.name }}
            components={{ 0: <span className={`font-semibold ${STRONG}`} /> }}
          />
        )}
      </p>
      <h1 className={`mt-1 text-5xl font-extrabold tracking-tight ${STRONG}`}>
        <bdi>{formatMoney(request.amount, currency, intlLocaleOf(i18n.locale))}</bdi>
      </h1>
      {request.partPaid && (
        <p className={`mt-1 font-medium ${MUTED}`} data-testid="pay-part-paid">
          {i18n._("{paid} of {total} paid", {
            paid: formatMoney(request.partPaid.paid, currency, intlLocaleOf(i18n.locale)),
            total: formatMoney(request.partPaid.total, currency, intlLocaleOf(i18n.locale)),
          })}
        </p>
      )}
      {request.description && (
        <p className="mt-3 text-lg break-words text-slate-700 dark:text-slate-300">{request.description}</p>
      )}
      {request.items && request.count ? <BalanceItems request={request} today={today} /> : null}
      {request.dueDate && request.status !== "paid" && (
        <p className={`mt-2 font-medium ${STRONG}`} data-testid="pay-due">
          {i18n._("Due {date}", {
            date: longDate(request.dueDate, today, intlLocaleOf(i18n.locale)),
          })}
        </p>
      )}
      {request.status === "paid" ? (
        <p
          role="status"
          className="mt-6 rounded-2xl bg-emerald-50 px-4 py-5 text-lg font-semibold text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300"
        >
          {request.items
            ? i18n._("Nothing is owed now. Thank you!")
            : i18n._("Paid — this request has been paid. Thank you!")}
          {request.items ? null : (
            <a
              href={receiptHref}
              download
              className="mt-2 flex min-h-11 items-center justify-center text-base font-semibold underline underline-offset-4"
            >
              {i18n._("Download a receipt (PDF)")}
            </a>
          )}
        </p>
      ) : paymentAccounts.length === 0 ? (
        <p className={`mt-6 ${MUTED}`}>
          {i18n._("{name} has not connected a payment method yet.", { name: requester.name })}
        </p>
      ) : payable.length === 0 ? (
        <p className={`mt-6 ${MUTED}`}>
          {i18n._("None of {name}'s payment methods takes {currency}: ask {name} how to pay.", {
            name: requester.name,
            currency,
          })}
        </p>
      ) : (
        <>
          <ul data-pay-options className="mt-6 flex flex-col gap-4 text-start">
            {payable.map((account) => (
              <PayOption
                key={account.provider}
                account={account}
                amount={request.amount}
                currency={currency}
                description={request.description}
                requesterName={requester.name}
              />
            ))}
          </ul>
          {/* A payer back after "I've paid" finds the buttons folded under this (pay-script.ts). */}
          <button
            type="button"
            hidden
            data-pay-again
            className="mt-4 min-h-11 w-full rounded-2xl px-4 font-semibold text-emerald-700 ring-1 ring-emerald-600 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-emerald-300 dark:ring-emerald-400 dark:hover:bg-emerald-400/10"
          >
            {i18n._("Pay again")}
          </button>
          <ClaimPanel
            providers={payable.map((a) => a.provider)}
            requesterName={requester.name}
            amount={formatMoney(request.amount, currency, intlLocaleOf(i18n.locale))}
            typed={
              decimalMarkIn(intlLocaleOf(i18n.locale)) === ","
                ? request.amount.replace(".", ",")
                : request.amount
            }
            currency={currency}
          />
        </>
      )}
    </section>
  );
}

/**
 * A cancelled request: who cancelled it and that nothing is owed, so a payer does not pay "to be
 * safe". No amount, no buttons, no "I've paid": only the first name is known here.
 */
function Cancelled({ by }: { by: string | null }) {
  const { i18n } = useLingui();
  return (
    <section data-pay-cancelled className={`rounded-3xl p-8 text-center shadow-sm dark:shadow-none ${CARD}`}>
      <h1 className={`text-2xl font-bold break-words ${STRONG}`}>{cancelledTitle(by, i18n)}</h1>
      <p className={`mt-2 ${MUTED}`}>{cancelledNotice(i18n)}</p>
    </section>
  );
}

/** "Sam cancelled this request", or, once its requester's account is gone, "This request was withdrawn". */
export function cancelledTitle(by: string | null, i18n: I18n): string {
  return by === null
    ? i18n._("This request was withdrawn")
    : i18n._("{name} cancelled this request", { name: by });
}

function NotFound() {
  const { i18n } = useLingui();
  return (
    <section className={`rounded-3xl p-8 text-center shadow-sm dark:shadow-none ${CARD}`}>
      <h1 className={`text-2xl font-bold ${STRONG}`}>{i18n._("Payment Not Found")}</h1>
      <p className={`mt-2 ${MUTED}`}>{i18n._("This payment request could not be found or has expired.")}</p>
    </section>
  );
}
