// biome-ignore lint/style/noRestrictedImports: the pay page wears the app's one stylesheet (Tailwind also scans shared/pay-page).
import "#client/styles.css";
import { isPhoneOrTablet } from "#shared/device.ts";
import { decimalMarkIn, typedAmount } from "#shared/typed-amount.ts";

/**
 * The only script of the public payment page (kept tiny for its 60 KB budget): provider toasts
 * (Venmo on a desktop, with its link; Zelle), one-tap copy of each handle and amount. One toast at
 * a time, 5 s by default; one that holds a link stays, under its button, until dismissed.
 */

const isMobile = () => isPhoneOrTablet(navigator.userAgent, navigator.maxTouchPoints);

const FOCUS =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:focus-visible:outline-emerald-400";

/**
 * `text` into `into`, each of `unbroken` (a handle, an amount) with what follows it up to the next
 * space in a box that moves to a new line whole, and breaks inside only when it is longer than a
 * line: "@alex-kim-2024" never splits at its hyphens.
 */
function appendText(into: HTMLElement, text: string, unbroken: readonly string[] = []) {
  let rest = text;
  while (rest) {
    let at = -1;
    let length = 0;
    for (const token of unbroken) {
      const i = token ? rest.indexOf(token) : -1;
      if (i >= 0 && (at < 0 || i < at)) [at, length] = [i, token.length];
    }
    if (at < 0) {
      into.append(rest);
      return;
    }
    const end = rest.slice(at + length).search(/\s|$/) + at + length;
    const box = document.createElement("span");
    box.className = "inline-block max-w-full wrap-anywhere";
    box.textContent = rest.slice(at, end);
    into.append(rest.slice(0, at), box);
    rest = rest.slice(end);
  }
}

/**
 * The page's words for what this script shows, in the page's language: the server writes them on
 * the toast region (pay-view.tsx), so the script carries no catalog. `{value}`, `{host}` are filled here.
 */
function text(key: string, values: Record<string, string> = {}): string {
  return fill(document.getElementById("toast-region")?.dataset[key] ?? "", values);
}

/** A template's `{name}`s filled in one pass: a value is never read again as a template. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

type ToastOptions = {
  duration?: number;
  /** A working link the toast carries: it then stays until dismissed. */
  href?: string;
  unbroken?: readonly string[];
  /** The button tapped: a toast with a link shows in its option's slot, under it. */
  origin?: HTMLElement;
};

let toastTimer: ReturnType<typeof setTimeout> | undefined;
/** The toast with a link on show, and the button that opened it (focus goes back there). */
let kept: { toast: HTMLElement; origin?: HTMLElement } | undefined;

function dismissKept() {
  if (!kept) return;
  const { toast, origin } = kept;
  kept = undefined;
  const hadFocus = toast.contains(document.activeElement);
  toast.replaceChildren();
  if (hadFocus) origin?.focus();
}

function showToast(title: string, description: string, options: ToastOptions = {}) {
  const { duration = 5000, href, unbroken, origin } = options;
  const slot = href ? origin?.closest("li")?.querySelector<HTMLElement>("[data-toast-slot]") : null;
  const region = slot ?? document.getElementById("toast-region");
  if (!region) return;
  if (slot) dismissKept();
  else clearTimeout(toastTimer);
  const toast = document.createElement("div");
  toast.className = slot
    ? "rounded-2xl bg-white p-4 text-start ring-1 ring-slate-300 dark:bg-slate-800 dark:ring-slate-600"
    : "toast-enter pointer-events-auto w-full max-w-sm rounded-2xl bg-white p-4 text-start shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700";
  if (!slot) toast.setAttribute("role", "status");
  const heading = document.createElement("p");
  heading.className = "font-semibold text-slate-900 dark:text-white";
  heading.textContent = title;
  const body = document.createElement("p");
  body.className = "mt-1 text-sm text-slate-600 dark:text-slate-300";
  appendText(body, description, unbroken);
  toast.append(heading, body);
  if (href) {
    // The same link the button holds on a phone, so a desktop visitor never reaches a dead end:
    // it stays until closed (Close, or Escape), never timed away while someone reads it.
    const actions = document.createElement("div");
    actions.className = "mt-3 flex flex-wrap items-center gap-2";
    const link = document.createElement("a");
    link.href = href;
    link.rel = "noopener noreferrer";
    link.className = `inline-flex min-h-11 items-center rounded-xl bg-[#0068C8] px-4 text-sm font-semibold text-white hover:bg-[#00569f] ${FOCUS}`;
    link.textContent = text("sayOpen", { host: new URL(href).hostname });
    const close = document.createElement("button");
    close.type = "button";
    close.dataset.toastClose = "";
    close.className = `inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-700 ${FOCUS}`;
    close.textContent = text("sayClose");
    actions.append(link, close);
    toast.append(actions);
  }
  region.replaceChildren(toast);
  if (href && slot) kept = { toast: slot, origin };
  else toastTimer = setTimeout(() => toast.remove(), duration);
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && kept) dismissKept();
});

document.addEventListener("click", (event) => {
  const target = event.target as Element | null;
  // The toast each button shows is in its data-toast-* attributes (pay-option.tsx): this script
  // loads no link or money code, so the page's first visit stays small.
  const pay = target?.closest<HTMLElement>("[data-pay][data-toast]");
  if (pay) {
    const { toast, toastTitle = "", toastDescription = "", toastHref, toastUnbroken } = pay.dataset;
    if (toast === "always" || !isMobile()) {
      event.preventDefault();
      showToast(toastTitle, toastDescription, {
        href: toastHref,
        unbroken: toastUnbroken ? (JSON.parse(toastUnbroken) as string[]) : undefined,
        origin: pay,
      });
    }
    return;
  }
  if (target?.closest("[data-toast-close]")) {
    dismissKept();
    return;
  }
  const copy = target?.closest<HTMLElement>("[data-copy]");
  if (copy) {
    const value = copy.dataset.copy ?? "";
    navigator.clipboard.writeText(value).then(
      () => showToast(text("sayCopied"), text("sayCopiedBody", { value }), { unbroken: [value] }),
      () => showToast(text("sayCopyFailed"), text("sayCopyFailedBody", { value }), { unbroken: [value] }),
    );
  }
});

const screenApi = (action: string) =>
  `/api/payment-screen/${encodeURIComponent(location.pathname.split("/").pop() ?? "")}/${action}`;

// The payer's "I've paid" (shared/pay-page/claim-panel.tsx): shown and posted only by this script.
const claim = document.querySelector<HTMLElement>("[data-claim]");
if (claim) claim.hidden = false;
// The claim this device sent, by code, so a reload says so instead of offering "I've paid" again.
const claimKey = `claim:${location.pathname.split("/").pop() ?? ""}`;
const remembered = claim?.querySelector<HTMLElement>("[data-claim-remembered]");
const options = document.querySelector<HTMLElement>("[data-pay-options]");
const payAgain = document.querySelector<HTMLElement>("[data-pay-again]");

type SavedClaim = { app: string; via: string | null; at: string | null; amount: string | null };

/**
 * What this device stored of its claim: the app's label, its value ("venmo", "other") and when
 * (JSON), or, stored before dates, a label alone ("Other" then meant none was named).
 */
function readSaved(saved: string): SavedClaim {
  try {
    const parsed = JSON.parse(saved) as Partial<Record<keyof SavedClaim, unknown>>;
    if (typeof parsed.app === "string") {
      const string = (value: unknown) => (typeof value === "string" ? value : null);
      return {
        app: parsed.app,
        via: string(parsed.via),
        at: string(parsed.at),
        amount: string(parsed.amount),
      };
    }
  } catch {}
  return { app: saved, via: saved === "Other" ? "other" : null, at: null, amount: null };
}

/**
 * The amount a payer typed, as the page writes money ("1.000,5" → "1.000,50 €" on a German page),
 * for the line that says what they told. What is left, as the page wrote it, when they left the
 * field as it was; as typed when it does not read as a number (the server refused it anyway).
 */
function typedMoney(typed: string): string {
  const { amount = "", typed: start, currency = "USD" } = claim?.dataset ?? {};
  if (typed === start) return amount;
  const lang = document.documentElement.lang || "en";
  // Read as the server reads it (the same typedAmount), so the line says what it recorded.
  const plain = typedAmount(typed, decimalMarkIn(lang));
  const value = Number(plain);
  return /^\d+(?:\.\d+)?$/.test(plain) && value > 0
    ? new Intl.NumberFormat(lang, { style: "currency", currency }).format(value)
    : typed;
}

/**
 * A payer back on the page after "I've paid": what they told the requester comes first ("You told
 * Sam you paid $25.00 with Venmo on Nov 28."), and the buttons fold under "Pay again", so no one
 * pays twice by habit.
 */
function showRemembered(saved: string) {
  const line = remembered?.querySelector("[data-claim-remembered-text]");
  const details = claim?.querySelector<HTMLElement>("[data-claim-details]");
  if (!claim || !remembered || !line || !details) return;
  const { app, via, at, amount } = readSaved(saved);
  const named = app !== "" && (via ? via !== "other" : app !== claim.dataset.other);
  const when = at ? new Date(at) : null;
  const dated = when !== null && !Number.isNaN(when.getTime());
  const told = dated
    ? named
      ? claim.dataset.toldWithOn
      : claim.dataset.toldOn
    : named
      ? claim.dataset.toldWith
      : claim.dataset.told;
  const date = dated
    ? new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
        month: "short",
        day: "numeric",
      }).format(when)
    : "";
  const said = amount ?? claim.dataset.amount ?? "";
  line.textContent = fill(told ?? "", { name: claim.dataset.first ?? "", app, date, amount: said });
  remembered.hidden = false;
  details.hidden = true;
  if (options && payAgain) {
    options.before(remembered);
    options.hidden = true;
    payAgain.hidden = false;
  }
}
payAgain?.addEventListener("click", () => {
  if (!options) return;
  options.hidden = false;
  payAgain.hidden = true;
  options.querySelector<HTMLElement>("a, button")?.focus();
});
try {
  const saved = localStorage.getItem(claimKey);
  if (saved) showRemembered(saved);
} catch {}
// Looked for in the remembered block itself: showRemembered may have moved it above the buttons.
remembered?.querySelector("[data-claim-again]")?.addEventListener("click", () => {
  if (!claim) return;
  const details = claim.querySelector<HTMLDetailsElement>("[data-claim-details]");
  if (remembered) remembered.hidden = true;
  if (details) {
    details.hidden = false;
    details.open = true;
  }
});
document.addEventListener("submit", (event) => {
  const form = (event.target as Element | null)?.closest<HTMLFormElement>("[data-claim-form]");
  if (!form || !claim) return;
  event.preventDefault();
  const data = new FormData(form);
  const submit = form.querySelector("button");
  if (submit) submit.disabled = true;
  fetch(screenApi("claim"), {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      via: data.get("via"),
      amount: data.get("amount"),
      note: data.get("note") || null,
    }),
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(((await response.json()) as { message?: string }).message);
      const label = form.querySelector("input[name=via]:checked")?.parentElement?.textContent?.trim() ?? "";
      try {
        // The latest: this browser's cookie lets it correct its own claim (docs/decisions/016).
        const via = String(data.get("via") ?? "");
        const amount = typedMoney(String(data.get("amount") ?? "").trim());
        localStorage.setItem(
          claimKey,
          JSON.stringify({ app: label, via, at: new Date().toISOString(), amount }),
        );
      } catch {}
      if (remembered) remembered.hidden = true;
      claim.querySelector("[data-claim-details]")?.remove();
      const thanks = claim.querySelector<HTMLElement>("[data-claim-thanks]");
      if (thanks) thanks.hidden = false;
    })
    .catch((error: Error) => showToast(text("sayNotSent"), error.message || text("sayTryAgain")))
    .finally(() => {
      if (submit) submit.disabled = false;
    });
});

// The first view by a person (the "Viewed" badge, docs/product.md "Home"): only a browser that runs this script counts.
// The requester on their own page is told so, and is offered no "I've paid" (the answer names whom it is for).
if (document.querySelector("[data-pay-request]")) {
  fetch(screenApi("view"), { method: "POST", credentials: "same-origin", keepalive: true })
    .then(async (response) => {
      if (response.status !== 200) return;
      const { recipientName } = (await response.json()) as { recipientName?: string };
      const own = document.querySelector<HTMLElement>("[data-own-view]");
      if (!recipientName || !own) return;
      own.textContent = fill(own.dataset.say ?? "", { name: recipientName });
      own.hidden = false;
      // Nothing of a payer's: no "I've paid", nor a claim this device remembers (it may sit above the buttons).
      if (claim) claim.hidden = true;
      if (remembered) remembered.hidden = true;
      if (options) options.hidden = false;
      if (payAgain) payAgain.hidden = true;
    })
    .catch(() => {});
}
