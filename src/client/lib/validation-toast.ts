import { VALIDATION, validationToast } from "../../shared/messages";
import { PROVIDER_LABELS } from "../../shared/providers";

const KNOWN = new Set<string>(Object.values(VALIDATION).map((v) => v.description));
const PROVIDER_NAMES = Object.values(PROVIDER_LABELS);

/**
 * Toast texts for a form validation message (spec §5). Handle format problems ("Venmo: the
 * username starts with @…") are titled 'Invalid Handle'; spec texts keep their own title.
 */
export function formValidationToast(message: string): { title: string; description: string } {
  const text = validationToast(message);
  if (!KNOWN.has(message) && PROVIDER_NAMES.some((name) => message.startsWith(`${name}:`))) {
    return { title: "Invalid Handle", description: message };
  }
  return text;
}
