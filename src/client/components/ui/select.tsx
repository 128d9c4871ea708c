/**
 * A native <select> dressed as the app's inputs: 44 px high, the focus ring of a field. Native, so
 * the phone's own picker, keyboard and screen reader work as people expect.
 */
export const selectClass =
  "mt-1.5 block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-3 focus:ring-emerald-600/20 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";
