// biome-ignore lint/style/noRestrictedImports: the pay page wears the app's one stylesheet (Tailwind also scans shared/pay-page).
import "#client/styles.css";
import { isPhoneOrTablet } from "#shared/device.ts";
import { paymentAction } from "#shared/payment-links.ts";
import type { Provider } from "#shared/providers.ts";

/**
 * The only script of the public payment page (kept tiny for its 60 KB budget): provider toasts
 * (Venmo on a desktop, with its link; Zelle), one-tap copy of each handle and amount. One toast at
 * a time, 5 s by default.
 */

const isMobile = () => isPhoneOrTablet(navigator.userAgent, navigator.maxTouchPoints);

let toastTimer: ReturnType<typeof setTimeout> | undefined;
function showToast(title: string, description: string, duration = 5000, href?: string) {
  const region = document.getElementById("toast-region");
  if (!region) return;
  clearTimeout(toastTimer);
  const toast = document.createElement("div");
  toast.setAttribute("role", "status");
  toast.className =
    "toast-enter pointer-events-auto w-full max-w-sm rounded-2xl bg-white p-4 text-left shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700";
  const heading = document.createElement("p");
  heading.className = "font-semibold text-slate-900 dark:text-white";
  heading.textContent = title;
  const body = document.createElement("p");
  body.className = "mt-1 text-sm text-slate-600 dark:text-slate-300";
  body.textContent = description;
  toast.append(heading, body);
  if (href) {
    // The same link the button holds on a phone, so a desktop visitor never reaches a dead end.
    const link = document.createElement("a");
    link.href = href;
    link.rel = "noopener noreferrer";
    link.className =
      "mt-3 inline-flex min-h-11 items-center rounded-xl bg-[#0068C8] px-4 text-sm font-semibold text-white hover:bg-[#00569f]";
    link.textContent = `Open ${new URL(href).hostname}`;
    toast.append(link);
  }
  region.replaceChildren(toast);
  toastTimer = setTimeout(() => toast.remove(), duration);
}

document.addEventListener("click", (event) => {
  const target = event.target as Element | null;
  const pay = target?.closest<HTMLElement>("[data-pay]");
  if (pay) {
    const { provider, handle = "", amount = "", description } = pay.dataset;
    const action = paymentAction({
      provider: provider as Provider,
      handle,
      amount,
      description: description || null,
      isMobile: isMobile(),
    });
    if (action.kind === "toast") {
      event.preventDefault();
      showToast(action.title, action.description, action.duration, action.href);
    }
    return;
  }
  const copy = target?.closest<HTMLElement>("[data-copy]");
  if (copy) {
    const value = copy.dataset.copy ?? "";
    navigator.clipboard.writeText(value).then(
      () => showToast("Copied", `${value} is on your clipboard.`),
      () => showToast("Copy failed", `Select and copy ${value} yourself.`),
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
function showRemembered(label: string) {
  const text = claim?.querySelector("[data-claim-remembered-text]");
  const details = claim?.querySelector<HTMLElement>("[data-claim-details]");
  if (!remembered || !text || !details) return;
  text.textContent = `You told ${claim?.dataset.first} you paid with ${label}.`;
  remembered.hidden = false;
  details.hidden = true;
}
try {
  const saved = localStorage.getItem(claimKey);
  if (saved) showRemembered(saved);
} catch {}
claim?.querySelector("[data-claim-again]")?.addEventListener("click", () => {
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
    body: JSON.stringify({ via: data.get("via"), note: data.get("note") || null }),
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(((await response.json()) as { message?: string }).message);
      const label = form.querySelector("input[name=via]:checked")?.parentElement?.textContent?.trim() ?? "";
      try {
        // Kept only if none was: the server keeps the first claim too (docs/decisions/016).
        if (!localStorage.getItem(claimKey)) localStorage.setItem(claimKey, label);
      } catch {}
      if (remembered) remembered.hidden = true;
      claim.querySelector("[data-claim-details]")?.remove();
      const thanks = claim.querySelector<HTMLElement>("[data-claim-thanks]");
      if (thanks) thanks.hidden = false;
    })
    .catch((error: Error) => showToast("Not sent", error.message || "Please try again."))
    .finally(() => {
      if (submit) submit.disabled = false;
    });
});

// The first view by a person (the "Viewed" badge, docs/product.md "Home"): only a browser that runs this script counts.
if (document.querySelector("[data-pay-request]")) {
  fetch(screenApi("view"), { method: "POST", credentials: "same-origin", keepalive: true }).catch(() => {});
}
