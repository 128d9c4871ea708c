import { useLingui } from "@lingui/react";
/** The id of the landmark the skip link lands on. */
export const MAIN_ID = "main";

/**
 * The first tab stop: hidden until focused, it jumps past the header and navigation. Focus is
 * moved by script too, so the URL keeps no #main and the router never sees a hash change. Placed
 * (`top-2 start-2`) while hidden too: left at its static place, its 1 px box sat past the page's
 * edge right to left and made the page scroll sideways.
 */
export function SkipLink() {
  const { i18n } = useLingui();
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      className="sr-only top-2 start-2 z-50 rounded-xl bg-emerald-700 px-4 py-3 font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:outline-2 focus:outline-offset-2 focus:outline-emerald-700"
    >
      {i18n._("Skip to main content")}
    </a>
  );
}
