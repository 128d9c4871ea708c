import { LIMIT_TITLES, VALIDATION } from "#shared/messages.ts";
import { PROVIDER_LABELS } from "#shared/providers.ts";
import { appI18n } from "./i18n";
import { toast } from "./toast";

const TITLES: ReadonlyMap<string, string> = new Map([
  ...Object.values(VALIDATION).map((text) => [text.description, text.title] as const),
  ...Object.entries(LIMIT_TITLES),
]);
const PROVIDER_NAMES = Object.values(PROVIDER_LABELS);
const CURRENCY_AMOUNT = /^Please enter (a whole amount|an amount) /;

/**
 * The toast for a form's validation message: the product's title for its own texts, 'Invalid
 * Handle' for a handle format problem ("Venmo: the username starts with @…"), else a generic one.
 * In English (the ids); `showValidationToast` shows them in the app's language.
 */
export function formValidationToast(message: string): { title: string; description: string } {
  const title =
    TITLES.get(message) ??
    (PROVIDER_NAMES.some((name) => message.startsWith(`${name}:`))
      ? /*i18n*/ "Invalid Handle"
      : // An amount refused in another currency ("…a whole amount in JPY…", "…at most 3 decimal places in KWD.").
        CURRENCY_AMOUNT.test(message)
        ? VALIDATION.amount.title
        : /*i18n*/ "Check your details");
  return { title, description: message };
}

/** Shows a form's validation message as a destructive toast, in the app's language. */
export function showValidationToast(message: string): void {
  const i18n = appI18n;
  const { title, description } = formValidationToast(message);
  toast({ title: i18n._(title), description: i18n._(description), variant: "destructive" });
}
