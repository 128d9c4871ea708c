/** The id of the landmark the skip link lands on. */
export const MAIN_ID = "main";

/**
 * The first tab stop: hidden until focused, it jumps past the header and navigation. Focus is
 * moved by script too, so the URL keeps no #main and the router never sees a hash change.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      className="sr-only z-50 rounded-xl bg-emerald-700 px-4 py-3 font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:outline-2 focus:outline-offset-2 focus:outline-emerald-700"
    >
      Skip to main content
    </a>
  );
}
