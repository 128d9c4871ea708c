import { useLingui } from "@lingui/react";
import { useId, useMemo } from "react";
import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/select.tsx";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { COUNTRIES } from "#shared/region.ts";

/** Every country by its name in `locale`, A to Z (Intl's names: "Germany", "Brazil" in English). */
function countryChoices(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
  return COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/**
 * The account's country (docs/decisions/031): how the numbers typed are read and which payment
 * methods come first. A native <select>: the phone's own picker, keyboard and screen reader.
 */
export function CountrySelect({
  value,
  onChange,
  hint,
}: {
  value: string;
  onChange: (country: string) => void;
  hint: string;
}) {
  const id = useId();
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const countries = useMemo(() => countryChoices(locale), [locale]);
  return (
    <div>
      <Label htmlFor={`${id}-country`}>{i18n._("Country")}</Label>
      <select
        id={`${id}-country`}
        name="country"
        aria-describedby={`${id}-country-hint`}
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      <p id={`${id}-country-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
        {hint}
      </p>
    </div>
  );
}

/**
 * The country the browser's languages name ("de-DE" → DE), else the spec's US. A language alone
 * names no country ("es" is read in the US as well as in Spain), so it is never guessed from one.
 */
export function browserCountry(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): string {
  for (const tag of languages) {
    const region = new Intl.Locale(tag).region;
    if (region && (COUNTRIES as readonly string[]).includes(region)) return region;
  }
  return "US";
}
