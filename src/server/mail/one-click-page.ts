import { escapeHtml } from "./messages";

/**
 * The small pages behind the one-click links in Collect's emails (stop reminders, no more mail,
 * unsubscribe from a notification): one look for all of them, readable on a phone and in dark
 * mode, never indexed. A form posts back to the page's own address (`action=""`), so the page
 * never repeats the link's token; `fields` are its hidden inputs.
 */
export function oneClickPage(page: {
  title: string;
  paragraphs: string[];
  form?: { button: string; fields?: Record<string, string>; secondary?: boolean };
}): string {
  const { title, paragraphs, form } = page;
  const inputs = Object.entries(form?.fields ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const button = form
    ? `<form method="post" action="">${inputs}<button type="submit"${form.secondary ? ' class="secondary"' : ""}>${escapeHtml(form.button)}</button></form>`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Collect</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#0f172a;background:#fff}h1{font-size:1.375rem}button{font:inherit;padding:.75rem 1rem;border-radius:.5rem;border:0;background:#047857;color:#fff;min-height:44px;cursor:pointer}button.secondary{background:transparent;color:#047857;border:1px solid #047857}button:focus-visible{outline:3px solid #0ea5e9;outline-offset:2px}footer{margin-top:2rem;color:#64748b;font-size:.875rem}@media (prefers-color-scheme:dark){body{color:#f1f5f9;background:#0f172a}button.secondary{color:#6ee7b7;border-color:#6ee7b7}footer{color:#94a3b8}}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}${button}</main><footer>Collect never asks for passwords or card numbers.</footer></body></html>`;
}
