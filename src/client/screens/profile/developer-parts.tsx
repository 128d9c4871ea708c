import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Check, Copy } from "lucide-react";
import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Checkbox } from "#client/components/ui/checkbox.tsx";
import { FieldError } from "#client/components/ui/field.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { cn } from "#client/lib/cn.ts";
import { toast } from "#client/lib/toast.tsx";
import { intlLocaleOf } from "#shared/i18n/locales.ts";

/** A moment as "Jan 5, 2026, 3:04 PM" in the app's language and the viewer's zone. */
export function dateTime(iso: string, i18n: I18n, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(intlLocaleOf(i18n.locale), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
}

/** A day as "Jan 5, 2026". */
export function day(iso: string, i18n: I18n, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString(intlLocaleOf(i18n.locale), { dateStyle: "medium", timeZone });
}

/**
 * A token or signing secret, the one time the server gives it: a read-only box to select, a Copy
 * button, the warning that it will not show again, and Done, after which it is gone from the page.
 */
export function SecretOnce({
  title,
  label,
  secret,
  note,
  onDone,
}: {
  title: string;
  /** What the box holds ("Token", "Signing secret"). */
  label: string;
  secret: string;
  /** A sentence more under the warning (how long the old secret lasts). */
  note?: ReactNode;
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  // Shown after a tap elsewhere: focus comes here, so a keyboard or screen reader user is told.
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView?.({ block: "center" });
  }, []);

  async function copy() {
    try {
      // Missing outside secure contexts (plain http on another host).
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
      box.current?.select();
      toast({
        title: i18n._("Couldn't copy it"),
        description: i18n._("Select the text in the box and copy it yourself."),
        variant: "destructive",
      });
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900"
    >
      <h4 id={`${id}-title`} className="font-semibold break-words text-slate-900 dark:text-slate-100">
        {title}
      </h4>
      <div>
        <Label htmlFor={`${id}-secret`}>{label}</Label>
        <textarea
          id={`${id}-secret`}
          ref={box}
          readOnly
          rows={3}
          // A token or secret reads left to right in every language (its - and _ would move in Arabic).
          dir="ltr"
          value={secret}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-warning`}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1.5 block w-full resize-none rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 font-mono text-sm break-all text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-3 focus:ring-emerald-600/20 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        />
      </div>
      <p id={`${id}-warning`} className="text-sm font-medium text-amber-900 dark:text-amber-200">
        {i18n._("Copy it now: you won't see it again.")}
      </p>
      {note ? <p className="text-sm text-slate-700 dark:text-slate-300">{note}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? i18n._("Copied") : i18n._("Copy")}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {i18n._("Done")}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? i18n._("Copied to the clipboard.") : ""}
      </p>
    </section>
  );
}

export type Choice<T extends string> = { value: T; label: string; detail?: string };

/**
 * A group of checkboxes for a list field (a token's scopes, an endpoint's events): 44 px rows,
 * the field's message under them, each box marked and described by it.
 */
export function CheckboxGroup<T extends string>({
  legend,
  choices,
  value,
  onChange,
  error,
  firstRef,
  aside,
}: {
  legend: string;
  choices: readonly Choice<T>[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  /** The message (an English id), shown in the app's language. */
  error?: string;
  /** The first box, focused when the group is the field at fault. */
  firstRef?: Ref<HTMLButtonElement>;
  /** Beside the legend: "Select all". */
  aside?: ReactNode;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (choice: T, on: boolean) =>
    onChange(
      on
        ? choices.map((c) => c.value).filter((v) => v === choice || value.includes(v))
        : value.filter((v) => v !== choice),
    );
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {aside ? <div className="flex flex-wrap gap-2">{aside}</div> : null}
      <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
        {choices.map((choice, index) => {
          const boxId = `${id}-${index}`;
          return (
            <li key={choice.value} className="flex items-center gap-3 px-3">
              <Checkbox
                id={boxId}
                ref={index === 0 ? firstRef : undefined}
                checked={value.includes(choice.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onCheckedChange={(checked) => toggle(choice.value, checked === true)}
              />
              <Label htmlFor={boxId} className="min-h-11 min-w-0 flex-1 cursor-pointer py-2.5">
                <span className="block break-words">{choice.label}</span>
                {choice.detail ? (
                  <span className="block font-mono text-xs font-normal break-all text-slate-500 dark:text-slate-400">
                    {/* A code reads left to right, on the reading side of the page. */}
                    <bdi dir="ltr">{choice.detail}</bdi>
                  </span>
                ) : null}
              </Label>
            </li>
          );
        })}
      </ul>
      {error ? <FieldError id={errorId}>{i18n._(error)}</FieldError> : null}
    </fieldset>
  );
}

/** A small coloured word: a state at a glance, with the word for those who do not see the colour. */
export function Badge({
  tone,
  children,
}: {
  tone: "green" | "amber" | "red" | "slate";
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold",
        tone === "green" && "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
        tone === "amber" && "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
        tone === "red" && "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
        tone === "slate" && "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
      )}
    >
      {children}
    </span>
  );
}
