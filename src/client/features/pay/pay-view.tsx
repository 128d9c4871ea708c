import { formatMoney } from "../../../shared/money";
import { paymentAction } from "../../../shared/payment-links";
import { PROVIDER_LABELS } from "../../../shared/providers";
import type { PublicPaymentView } from "../../../shared/schemas/payment-request";

/**
 * The public payment page (spec §2), rendered on the server to plain HTML: it works with no
 * JavaScript, and pay-script.ts adds the toasts, copy buttons and Venmo's phone-only link.
 */
export function PayView({ view }: { view: PublicPaymentView | null }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 px-4 py-8">
      <a href="/" className="self-center text-xl font-extrabold tracking-tight text-emerald-700">
        Collect
      </a>
      <main className="flex flex-col gap-6">{view ? <RequestCard view={view} /> : <NotFound />}</main>
      <section className="rounded-2xl bg-white p-5 text-center shadow-sm ring-1 ring-slate-200">
        <h2 className="font-semibold text-slate-900">Want to collect payments too?</h2>
        <p className="mt-1 text-sm text-slate-600">
          Ask anyone for money by text. They pay in the app they already use.
        </p>
        <a
          href="/"
          className="mt-4 inline-flex h-11 items-center justify-center rounded-xl bg-slate-900 px-5 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          Get Started
        </a>
      </section>
      <div
        id="toast-region"
        className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4"
      />
    </div>
  );
}

function RequestCard({ view }: { view: PublicPaymentView }) {
  const { requester, request, paymentAccounts } = view;
  const initials = requester.name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <section
      data-pay-request
      className="rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
    >
      {requester.photo ? (
        <img
          src={requester.photo}
          alt={requester.name}
          width={80}
          height={80}
          className="mx-auto size-20 rounded-full object-cover ring-4 ring-emerald-50"
        />
      ) : (
        <div
          aria-hidden="true"
          className="mx-auto flex size-20 items-center justify-center rounded-full bg-emerald-100 text-2xl font-bold text-emerald-800"
        >
          {initials}
        </div>
      )}
      <p className="mt-4 text-slate-600">
        <span className="font-semibold text-slate-900">{requester.name}</span> is requesting
      </p>
      <h1 className="mt-1 text-5xl font-extrabold tracking-tight text-slate-900">
        {formatMoney(request.amount)}
      </h1>
      {request.description && (
        <p className="mt-3 text-lg break-words text-slate-700">{request.description}</p>
      )}
      {request.status === "paid" ? (
        <p
          role="status"
          className="mt-6 rounded-2xl bg-emerald-50 px-4 py-5 text-lg font-semibold text-emerald-800"
        >
          Paid — this request has been paid. Thank you!
        </p>
      ) : paymentAccounts.length === 0 ? (
        <p className="mt-6 text-slate-600">{requester.name} has not connected a payment method yet.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3 text-left">
          {paymentAccounts.map((account) => (
            <PayButton
              key={account.provider}
              account={account}
              amount={request.amount}
              description={request.description}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const BRAND: Record<string, string> = {
  venmo: "bg-[#0068C8] hover:bg-[#00569f]",
  paypal: "bg-[#003087] hover:bg-[#00256b]",
  cashapp: "bg-[#007A33] hover:bg-[#006329]",
  zelle: "bg-[#6D1ED4] hover:bg-[#5a17b0]",
  googlepay: "bg-slate-900 hover:bg-slate-800",
};

function PayButton({
  account,
  amount,
  description,
}: {
  account: PublicPaymentView["paymentAccounts"][number];
  amount: string;
  description: string | null;
}) {
  // Rendered for a phone; on a desktop pay-script.ts swaps Venmo's app link for its toast.
  const action = paymentAction({
    ...account,
    handle: account.accountHandle,
    amount,
    description,
    isMobile: true,
  });
  const label = `Pay with ${PROVIDER_LABELS[account.provider]}`;
  const buttonClass = `flex min-h-14 w-full items-center justify-center rounded-2xl px-4 text-lg font-bold text-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${BRAND[account.provider]}`;
  const data = {
    "data-provider": account.provider,
    "data-handle": account.accountHandle,
    "data-amount": amount,
    "data-description": description ?? "",
  };
  return (
    <li className="flex flex-col gap-1.5">
      {action.kind === "link" ? (
        <a href={action.href} rel="noopener noreferrer" className={buttonClass} data-pay {...data}>
          {label}
        </a>
      ) : (
        <button type="button" className={buttonClass} data-pay {...data}>
          {label}
        </button>
      )}
      <button
        type="button"
        data-copy={account.accountHandle}
        className="flex min-h-11 items-center justify-center gap-2 rounded-xl text-sm text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600"
        aria-label={`Copy ${PROVIDER_LABELS[account.provider]} handle ${account.accountHandle}`}
      >
        <span className="font-mono text-slate-900">{account.accountHandle}</span>
        <span className="font-semibold text-emerald-700">Copy</span>
      </button>
    </li>
  );
}

function NotFound() {
  return (
    <section className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h1 className="text-2xl font-bold text-slate-900">Payment Not Found</h1>
      <p className="mt-2 text-slate-600">This payment request could not be found or has expired.</p>
    </section>
  );
}
