import { useLingui } from "@lingui/react";
import { calledBy } from "#shared/person-name.ts";
import { type Provider, providerLabel } from "#shared/providers.ts";
import { CLAIM_NOTE_MAX } from "#shared/schemas/claim.ts";

const FOCUS =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:focus-visible:outline-emerald-400";

/** "Sam Lee" → "Sam", "Dr. Priya Patel" → "Dr. Patel": the page names the requester as a friend would. */
export function firstNameOf(name: string): string {
  return calledBy(name) ?? name.trim();
}

/**
 * The payer's "I've paid", after the pay buttons: which app (the requester's, plus "Other") and
 * an optional note. Hidden until pay-script.ts shows it and posts it, so a browser without
 * JavaScript, or a bot, never sees a form that cannot work.
 */
export function ClaimPanel({
  providers,
  requesterName,
  amount,
  typed,
  currency,
}: {
  providers: Provider[];
  requesterName: string;
  /** What is left as the page writes it ("$1,450.00"), for "You told Sam you paid $1,450.00…". */
  amount: string;
  /** What is left as one would type it in the page's language ("1450.00", "1450,00"): the field's start. */
  typed: string;
  currency: string;
}) {
  const { i18n } = useLingui();
  const first = firstNameOf(requesterName);
  const other = i18n._("Other");
  const choices = [...providers.map((p) => [p, providerLabel(p, i18n)] as const), ["other", other] as const];
  return (
    <div
      data-claim
      // What pay-script.ts says of a claim this device sent, in the page's language: it fills in
      // {name}, {app} and {date} in one pass, so no name can carry a placeholder.
      data-first={first}
      data-other={other}
      data-amount={amount}
      data-typed={typed}
      data-currency={currency}
      data-told={i18n._("You told {name} you paid.", { name: "{name}" })}
      data-told-with={i18n._("You told {name} you paid with {app}.", { name: "{name}", app: "{app}" })}
      data-told-on={i18n._("You told {name} you paid {amount} on {date}.", {
        name: "{name}",
        amount: "{amount}",
        date: "{date}",
      })}
      data-told-with-on={i18n._("You told {name} you paid {amount} with {app} on {date}.", {
        name: "{name}",
        amount: "{amount}",
        app: "{app}",
        date: "{date}",
      })}
      hidden
      className="mt-6 border-t border-slate-200 pt-6 text-start dark:border-slate-800"
    >
      <details data-claim-details>
        <summary
          className={`flex min-h-12 cursor-pointer list-none items-center justify-center rounded-2xl bg-slate-100 px-4 font-semibold text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-white dark:hover:bg-slate-700 ${FOCUS}`}
        >
          {i18n._("I've paid")}
        </summary>
        <form data-claim-form className="mt-4 flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-semibold text-slate-900 dark:text-white">
              {i18n._("Which app did you use?")}
            </legend>
            {choices.map(([value, label]) => (
              <label
                key={value}
                className="flex min-h-11 items-center gap-3 text-slate-800 dark:text-slate-200"
              >
                <input type="radio" name="via" value={value} required className="size-5 accent-emerald-600" />
                {label}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
            {i18n._("How much did you pay?")}
            <input
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={typed}
              required
              maxLength={24}
              aria-describedby="claim-amount-hint"
              className={`h-11 rounded-xl bg-white px-3 text-base font-normal ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-700 ${FOCUS}`}
            />
            <span id="claim-amount-hint" className="font-normal text-slate-600 dark:text-slate-400">
              {i18n._("Paid only part? Change the amount.")}
            </span>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
            {i18n._("Note (optional)")}
            <input
              name="note"
              maxLength={CLAIM_NOTE_MAX}
              autoComplete="off"
              className={`h-11 rounded-xl bg-white px-3 text-base font-normal ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-700 ${FOCUS}`}
            />
          </label>
          <button
            type="submit"
            className={`min-h-12 rounded-2xl bg-emerald-600 px-4 font-semibold text-white hover:bg-emerald-700 disabled:opacity-60 ${FOCUS}`}
          >
            {i18n._("Let {name} know", { name: first })}
          </button>
        </form>
      </details>
      <p
        data-claim-thanks
        hidden
        role="status"
        className="rounded-2xl bg-emerald-50 px-4 py-5 text-center font-semibold text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300"
      >
        {i18n._("Thanks — we've let {name} know.", { name: first })}
      </p>
      {/* A claim this device already sent (pay-script.ts fills it from localStorage), so a reload does not invite a duplicate. */}
      <div data-claim-remembered hidden className="text-center text-slate-700 dark:text-slate-300">
        <p data-claim-remembered-text className="font-semibold" />
        <button type="button" data-claim-again className={`mt-2 min-h-11 underline ${FOCUS}`}>
          {i18n._("Not right? Tell {name} again", { name: first })}
        </button>
      </div>
    </div>
  );
}
