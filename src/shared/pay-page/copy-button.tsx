import { useLingui } from "@lingui/react";

export const FOCUS =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:focus-visible:outline-emerald-400";

/** A value the payer copies with one tap; pay-script.ts's one click handler does the copying. */
export function CopyButton({
  value,
  shown = value,
  name,
  boxed,
}: {
  value: string;
  shown?: string;
  name: string;
  boxed?: boolean;
}) {
  const { i18n } = useLingui();
  const look = boxed
    ? "justify-between bg-white ring-1 ring-slate-200 hover:bg-slate-100 dark:bg-slate-900 dark:ring-slate-700 dark:hover:bg-slate-800"
    : "justify-center hover:bg-slate-50 dark:hover:bg-slate-800";
  return (
    <button
      type="button"
      data-copy={value}
      aria-label={i18n._("Copy {name} {value}", { name, value: shown })}
      className={`flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm text-slate-600 dark:text-slate-300 ${look} ${FOCUS}`}
    >
      <bdi className="font-mono break-all text-slate-900 dark:text-slate-100">{shown}</bdi>
      <span className="font-semibold text-emerald-700 dark:text-emerald-400">{i18n._("Copy")}</span>
    </button>
  );
}
