import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type Ref, useId, useState } from "react";
import { Field } from "#client/components/ui/field.tsx";
import { cn } from "#client/lib/cn.ts";
import { useDebounced } from "#client/lib/use-debounced.ts";
import { RECIPIENT_NAME_MAX } from "#shared/input-limits.ts";
import { formatPhone } from "#shared/phone.ts";
import type { Payee } from "#shared/schemas/payee.ts";
import { findPayees, payeePagesQuery } from "./api";

type ContactNameFieldProps = {
  value: string;
  /** What is wrong with the name (Field shows and links it). */
  error?: string;
  ref?: Ref<HTMLInputElement> | ((element: HTMLElement | null) => void);
  onValueChange: (value: string) => void;
  /** A saved contact chosen from the suggestions: the form takes its name and phone. */
  onPick: (payee: Payee) => void;
  autoFocus?: boolean;
};

/**
 * Request Payment's Name: saved contacts are suggested as one types (an ARIA combobox: arrows
 * move, Enter picks, Esc closes), found by the server past accents and case, or by phone digits.
 */
export function ContactNameField({
  value,
  error,
  ref,
  onValueChange,
  onPick,
  autoFocus,
}: ContactNameFieldProps) {
  const { i18n } = useLingui();
  const id = useId();
  const listId = `${id}-contacts`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(value.trim(), 150);
  const found = useQuery({
    queryKey: [...payeePagesQuery.queryKey, "search", q],
    queryFn: () => findPayees(q),
    enabled: open && q.length > 0,
    staleTime: 30_000,
  });
  // A contact already typed out in full is no suggestion.
  const options = (found.data ?? []).filter((p) => p.name !== value.trim());
  const shown = open && value.trim().length > 0 && options.length > 0;

  const pick = (payee: Payee) => {
    onPick(payee);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!shown) {
        setOpen(true);
        return;
      }
      event.preventDefault();
      const last = options.length - 1;
      setActive((current) =>
        event.key === "ArrowDown" ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      );
    } else if (event.key === "Enter" && shown && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === "Escape" && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const activeOption = shown && active >= 0 && active < options.length ? `${listId}-${active}` : undefined;
  return (
    <div className="relative">
      <Field
        label={i18n._("Name")}
        name="recipientName"
        autoComplete="off"
        autoCapitalize="words"
        placeholder={i18n._("Who owes you?")}
        maxLength={RECIPIENT_NAME_MAX}
        autoFocus={autoFocus}
        ref={ref}
        error={error}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeOption}
        value={value}
        onValueChange={(next) => {
          onValueChange(next);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={i18n._("Saved contacts")}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
      >
        {shown
          ? options.map((payee, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the input's (aria-activedescendant)
              <div
                key={payee.id}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                // Keeps focus in the input, so the pick lands before blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(payee)}
                className={cn(
                  "flex min-h-11 cursor-pointer flex-col justify-center rounded-lg px-3 py-1.5 text-sm",
                  index === active
                    ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-100"
                    : "text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700",
                )}
              >
                <span className="font-semibold wrap-anywhere">{payee.name}</span>
                <span className="text-slate-600 dark:text-slate-300">{formatPhone(payee.phone)}</span>
              </div>
            ))
          : null}
      </div>
    </div>
  );
}
