import { useLingui } from "@lingui/react";
import { useId } from "react";
import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/select.tsx";
import { currencySymbol } from "#shared/currency.ts";
import { PAYPAL_CURRENCIES } from "#shared/rails/paypal.ts";

type CurrencySelectProps = {
  value: string;
  onChange: (currency: string) => void;
  /** Offered first, in this order (the account's, its country's); then those PayPal.Me takes. */
  first: readonly string[];
};

/**
 * "Currency": the ones a request can be paid in from Collect (docs/pay-buttons.md), as "EUR (€)".
 * PayPal.Me takes the most; a country's own methods take its own currency.
 */
export function CurrencySelect({ value, onChange, first }: CurrencySelectProps) {
  const id = useId();
  const { i18n } = useLingui();
  const choices = [...new Set([...first, ...Object.keys(PAYPAL_CURRENCIES).sort()])];
  return (
    <div>
      <Label htmlFor={id}>{i18n._("Currency")}</Label>
      <select
        id={id}
        name="currency"
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {choices.map((code) => (
          <option key={code} value={code}>
            {code} ({currencySymbol(code)})
          </option>
        ))}
      </select>
    </div>
  );
}
