import { useLingui } from "@lingui/react";
import { useId } from "react";
import { Checkbox } from "#client/components/ui/checkbox.tsx";
import { FieldError } from "#client/components/ui/field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { cn } from "#client/lib/cn.ts";
import {
  handleLabel,
  PROVIDER_HINTS,
  PROVIDER_PLACEHOLDERS,
  type Provider,
  providerLabel,
} from "#shared/providers.ts";

/** A bank transfer's other fields (docs/decisions/032-payment-rails.md): the holder's name and an optional BIC. */
export type BankFields = {
  holderName: string;
  bic: string;
  holderNameError?: string;
  bicError?: string;
  holderNameRef?: (element: HTMLElement | null) => void;
  bicRef?: (element: HTMLElement | null) => void;
  onHolderNameChange: (value: string) => void;
  onBicChange: (value: string) => void;
};

type ProviderAccountFieldProps = {
  provider: Provider;
  selected: boolean;
  handle: string;
  onSelectedChange: (selected: boolean) => void;
  onHandleChange: (handle: string) => void;
  /** Setup shows the handle only once ticked (docs/product.md "Setup"); Payment Methods always shows it. */
  revealOnSelect?: boolean;
  disabled?: boolean;
  /** A line under the hint, e.g. that an unticked handle will not be kept. */
  note?: string | null;
  /** What is wrong with the ticks (none ticked), said under this box, which is marked invalid. */
  selectedError?: string;
  /** What is wrong with the handle, said under it; the input is marked invalid. */
  handleError?: string;
  /** The box and the input, for a form to focus the one a message is about. */
  selectedRef?: (element: HTMLElement | null) => void;
  handleRef?: (element: HTMLElement | null) => void;
  /** SEPA: the account holder's name and BIC, under the IBAN. */
  bank?: BankFields;
};

/** One payment provider: a checkbox named after it, its handle field and hint (docs/product.md "Payment methods"). */
export function ProviderAccountField({
  provider,
  selected,
  handle,
  onSelectedChange,
  onHandleChange,
  revealOnSelect = false,
  disabled = false,
  note = null,
  selectedError,
  handleError,
  selectedRef,
  handleRef,
  bank,
}: ProviderAccountFieldProps) {
  const id = useId();
  const { i18n } = useLingui();
  const handleDescribedBy = [handleError ? `${id}-error` : null, `${id}-hint`, note ? `${id}-note` : null]
    .filter(Boolean)
    .join(" ");
  const label = providerLabel(provider, i18n);
  const showHandle = !revealOnSelect || selected;
  return (
    <div
      className={cn(
        "rounded-2xl p-4 ring-1 transition-colors",
        selected
          ? "bg-emerald-50/60 ring-emerald-200 dark:bg-emerald-400/10 dark:ring-emerald-400/30"
          : "bg-white ring-slate-200 dark:bg-slate-900 dark:ring-slate-800",
      )}
    >
      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-check`}
          ref={selectedRef}
          checked={selected}
          disabled={disabled}
          aria-invalid={selectedError ? true : undefined}
          aria-describedby={selectedError ? `${id}-check-error` : undefined}
          onCheckedChange={(value) => onSelectedChange(value === true)}
        />
        {/* The whole row beside the box is the label: a 44 px tall target, not a 20 px box. */}
        <Label htmlFor={`${id}-check`} size="base" className="min-h-11 flex-1 cursor-pointer content-center">
          {label}
        </Label>
      </div>
      {selectedError ? <FieldError id={`${id}-check-error`}>{i18n._(selectedError)}</FieldError> : null}
      {showHandle ? (
        <div className="mt-3">
          <Label htmlFor={`${id}-handle`}>{handleLabel(provider, i18n)}</Label>
          <Input
            id={`${id}-handle`}
            className="mt-1.5"
            value={handle}
            disabled={disabled}
            placeholder={i18n._(PROVIDER_PLACEHOLDERS[provider])}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            ref={handleRef}
            aria-invalid={handleError ? true : undefined}
            aria-describedby={handleDescribedBy}
            onChange={(e) => onHandleChange(e.target.value)}
          />
          {handleError ? <FieldError id={`${id}-error`}>{i18n._(handleError)}</FieldError> : null}
          <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
            {i18n._(PROVIDER_HINTS[provider])}
          </p>
          {note ? (
            <p id={`${id}-note`} className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-300">
              {note}
            </p>
          ) : null}
          {bank ? <BankInputs id={id} bank={bank} disabled={disabled} /> : null}
        </div>
      ) : (
        <p className="mt-2 ps-8 text-xs text-slate-500 dark:text-slate-400">
          {i18n._(PROVIDER_HINTS[provider])}
        </p>
      )}
    </div>
  );
}

/** The account holder's name (banks check it against the IBAN) and the optional BIC. */
function BankInputs({ id, bank, disabled }: { id: string; bank: BankFields; disabled: boolean }) {
  const { i18n } = useLingui();
  const rows = [
    {
      key: "holder",
      label: i18n._("Account holder's name"),
      hint: i18n._("Exactly as your bank has it: payers' banks check it against the IBAN"),
      value: bank.holderName,
      error: bank.holderNameError,
      ref: bank.holderNameRef,
      onChange: bank.onHolderNameChange,
      autoComplete: "name",
      placeholder: "Alex Morgan",
    },
    {
      key: "bic",
      label: i18n._("BIC (optional)"),
      hint: i18n._("8 or 11 letters and digits; most banks no longer need it"),
      value: bank.bic,
      error: bank.bicError,
      ref: bank.bicRef,
      onChange: bank.onBicChange,
      autoComplete: "off",
      placeholder: "COBADEFFXXX",
    },
  ];
  return rows.map((row) => (
    <div key={row.key} className="mt-3">
      <Label htmlFor={`${id}-${row.key}`}>{row.label}</Label>
      <Input
        id={`${id}-${row.key}`}
        className="mt-1.5"
        value={row.value}
        disabled={disabled}
        placeholder={row.placeholder}
        autoComplete={row.autoComplete}
        autoCapitalize={row.key === "bic" ? "characters" : "words"}
        autoCorrect="off"
        spellCheck={false}
        ref={row.ref}
        aria-invalid={row.error ? true : undefined}
        aria-describedby={[row.error ? `${id}-${row.key}-error` : null, `${id}-${row.key}-hint`]
          .filter(Boolean)
          .join(" ")}
        onChange={(e) => row.onChange(e.target.value)}
      />
      {row.error ? <FieldError id={`${id}-${row.key}-error`}>{i18n._(row.error)}</FieldError> : null}
      <p id={`${id}-${row.key}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
        {row.hint}
      </p>
    </div>
  ));
}
