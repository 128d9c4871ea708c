import { useId } from "react";
import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/select.tsx";
import { LOCALE_NAMES, LOCALES } from "#shared/i18n/locales.ts";

type LanguageSelectProps = {
  label: string;
  hint: string;
  /** A language, or "" for the first choice (`none`). */
  value: string;
  onValueChange: (language: string) => void;
  /** What "" means here ("Same as mine"). */
  none: string;
};

/**
 * A language Collect speaks, each in its own words ("Deutsch", "العربية") so whoever reads the
 * list finds theirs; a native <select> for the phone's own picker.
 */
export function LanguageSelect({ label, hint, value, onValueChange, none }: LanguageSelectProps) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name="language"
        className={selectClass}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onValueChange(event.currentTarget.value)}
      >
        <option value="">{none}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
        {hint}
      </p>
    </div>
  );
}
