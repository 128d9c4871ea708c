import { useLingui } from "@lingui/react";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useLocation } from "wouter";
import { PhoneField } from "#client/components/phone-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Checkbox } from "#client/components/ui/checkbox.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { usePayeePages } from "#client/features/payees/api.ts";
import { askToSaveNew, CONTACT_QUESTION_DELAY_MS } from "#client/features/payees/contact-questions.ts";
import {
  ChaseFields,
  type ChaseValue,
  EMPTY_CHASE,
} from "#client/features/payment-requests/chase-fields.tsx";
import {
  clearSplitDraft,
  readSplitDraft,
  type SplitDraft,
  saveSplitDraft,
} from "#client/features/payment-requests/request-draft.ts";
import { useCreateSplit } from "#client/features/payment-requests/splits.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { pageItems } from "#client/lib/pages.ts";
import { paths } from "#client/lib/paths.ts";
import { formSchema, useSchemaForm } from "#client/lib/schema-form.ts";
import { DESCRIPTION_MAX } from "#shared/input-limits.ts";
import { formatMoney } from "#shared/money.ts";
import { formatPhone } from "#shared/phone.ts";
import { decimalMarkOf } from "#shared/region.ts";
import { type InputRegion, perRegion, US_INPUT } from "#shared/schemas/payment-request.ts";
import { SPLIT_MAX_PEOPLE, type SplitInput, splitInputFor } from "#shared/schemas/split.ts";
import { planSplit } from "#shared/split.ts";
import { typedAmount } from "#shared/typed-amount.ts";

type Person = { key: number; name: string; phone: string; amount: string };
let nextKey = 0;
const person = (name = "", phone = ""): Person => ({ key: nextKey++, name, phone, amount: "" });

type SplitFormValues = {
  total: string;
  description: string;
  includeMe: boolean;
  custom: boolean;
  people: Person[];
};

/**
 * The split's body as the shared schema reads it, the account's region's way (amounts in its
 * currency, with its decimal mark): amounts only when splitting by custom amounts.
 */
const splitInputOf =
  (region: InputRegion) =>
  (form: SplitFormValues): SplitInput => {
    const mark = decimalMarkOf(region.country);
    return {
      total: typedAmount(form.total, mark),
      description: form.description,
      includeMe: form.includeMe,
      people: form.people.map((p) => ({
        name: p.name,
        phone: p.phone,
        ...(form.custom ? { amount: typedAmount(p.amount, mark) } : {}),
      })),
      currency: region.currency,
    };
  };

/** The shared split schema over the form; a problem with the whole split (shares, sums) is the Total's. */
const splitFormSchemaFor = perRegion((region: InputRegion) =>
  formSchema(splitInputFor(region), splitInputOf(region), (path) => (path.length > 0 ? path : ["total"])),
);

/** The form as a draft left it (two empty people when there is none). */
function valuesOf(draft: SplitDraft | null): SplitFormValues {
  if (!draft)
    return { total: "", description: "", includeMe: false, custom: false, people: [person(), person()] };
  const { dueDate: _dueDate, people, ...rest } = draft;
  const kept = people.map((p) => ({ ...person(p.name, p.phone), amount: p.amount }));
  return { ...rest, people: kept.length > 0 ? kept : [person(), person()] };
}

/** The inputs in the screen's order: total, description, then each person's. */
const fieldsOf = (people: readonly Person[]) => [
  "total" as const,
  "description" as const,
  ...people.flatMap((_, i) => [`people.${i}.name`, `people.${i}.phone`, `people.${i}.amount`] as const),
];

/** "Split a bill": a total among several people, each sent their own request (shared/split.ts). */
export function SplitForm({ region = US_INPUT }: { region?: InputRegion }) {
  const id = useId();
  const { i18n } = useLingui();
  const intlLocale = useIntlLocale();
  const [, navigate] = useLocation();
  // What was typed before a reload in this tab, if anything (request-draft.ts).
  const [draft] = useState(readSplitDraft);
  const {
    values: form,
    set,
    bind,
    submit,
    fail,
  } = useSchemaForm({
    schema: splitFormSchemaFor(region),
    defaultValues: valuesOf(draft),
    fields: (values) => fieldsOf(values.people),
    // Not in the product's toasts: the message under the field it is about, focused, says it.
    tell: () => {},
  });
  const people = form.people;
  const setPeople = (change: (list: Person[]) => Person[]) => set("people", change(form.people));
  // The first page of contacts (50, by name): a select, not a list to scroll.
  const payees = pageItems(usePayeePages().data);
  const create = useCreateSplit();
  // An optional due date for every share.
  const [chase, setChase] = useState<ChaseValue>(() => ({ ...EMPTY_CHASE, dueDate: draft?.dueDate ?? "" }));
  const [made, setMade] = useState(false);
  // As text: the form's values object may be the same one, changed in place, from render to render.
  const typed = JSON.stringify({
    total: form.total,
    description: form.description,
    includeMe: form.includeMe,
    custom: form.custom,
    people: form.people.map(({ name, phone, amount }) => ({ name, phone, amount })),
    dueDate: chase.dueDate,
  } satisfies SplitDraft);
  useEffect(() => {
    if (!made) saveSplitDraft(JSON.parse(typed));
  }, [typed, made]);

  const even = form.custom
    ? null
    : planSplit(
        {
          total: typedAmount(form.total, decimalMarkOf(region.country)),
          includeMe: form.includeMe,
          custom: null,
          people: people.length,
          currency: region.currency,
        },
        i18n,
      );

  const onSubmit = submit(() => {
    if (create.isPending) return;
    create.mutate(
      { ...splitInputOf(region)(form), ...(chase.dueDate ? { dueDate: chase.dueDate } : {}) },
      {
        onSuccess: (split) => {
          setMade(true);
          clearSplitDraft();
          navigate(`${paths.split}?id=${encodeURIComponent(split.id)}`);
          // People not among the contacts this form knew (the first page): asked once to keep them.
          const saved = new Set(payees.map((payee) => payee.phone));
          const fresh = split.shares
            .map(({ request }) => ({ name: request.recipientName, phone: request.recipientPhone }))
            .filter((person) => !saved.has(person.phone));
          setTimeout(() => askToSaveNew(fresh, i18n), CONTACT_QUESTION_DELAY_MS);
        },
        onError: (error) => fail(i18n._("Split Failed"), error),
      },
    );
  });

  return (
    <Form onSubmit={onSubmit} className="space-y-5">
      <Field label={i18n._("Total")} name="total" inputMode="decimal" placeholder="0.00" {...bind("total")} />
      <Field
        label={i18n._("Description")}
        name="description"
        placeholder={i18n._("What's it for? e.g. Dinner")}
        maxLength={DESCRIPTION_MAX}
        {...bind("description")}
      />
      <ChaseFields dueDateOnly value={chase} onChange={setChase} />
      {/* min-w-0: a fieldset is at least as wide as its content, a long contact name included. */}
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">{i18n._("People")}</legend>
        {people.map((p, index) => (
          <div
            key={p.key}
            data-person
            className="grid gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto] dark:ring-slate-800"
          >
            <Field
              label={i18n._("Name {number}", { number: index + 1 })}
              autoComplete="off"
              {...bind(`people.${index}.name`)}
            />
            <PhoneField
              label={i18n._("Phone {number}", { number: index + 1 })}
              country={region.country}
              {...bind(`people.${index}.phone`)}
            />
            <div className="flex items-end gap-2">
              {form.custom ? (
                <Field
                  label={i18n._("Amount {number}", { number: index + 1 })}
                  inputMode="decimal"
                  placeholder="0.00"
                  className="w-28"
                  {...bind(`people.${index}.amount`)}
                />
              ) : (
                <p className="min-h-11 content-center text-sm tabular-nums text-slate-600 dark:text-slate-400">
                  {even?.ok ? formatMoney(even.amounts[index] ?? "0", region.currency, intlLocale) : ""}
                </p>
              )}
              <Button
                type="button"
                variant="ghost"
                aria-label={
                  p.name
                    ? i18n._("Remove {name}", { name: p.name })
                    : i18n._("Remove person {number}", { number: index + 1 })
                }
                disabled={people.length <= 1}
                onClick={() => setPeople((list) => list.filter((q) => q.key !== p.key))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </div>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="secondary"
            disabled={people.length >= SPLIT_MAX_PEOPLE}
            onClick={() => setPeople((list) => [...list, person()])}
          >
            <Plus aria-hidden="true" /> {i18n._("Add person")}
          </Button>
          {payees.length > 0 ? (
            <select
              aria-label={i18n._("Add from contacts")}
              className="h-11 max-w-full min-w-0 rounded-xl bg-white px-3 text-sm ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-700"
              value=""
              onChange={(e) => {
                const payee = payees.find((c) => c.id === e.target.value);
                if (!payee) return;
                const added = person(payee.name, formatPhone(payee.phone));
                setPeople((list) =>
                  [...list.filter((q) => q.name || q.phone), added].slice(0, SPLIT_MAX_PEOPLE),
                );
              }}
            >
              <option value="">{i18n._("Add from contacts…")}</option>
              {payees.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          ) : null}
        </div>
      </fieldset>
      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-me`}
          checked={form.includeMe}
          onCheckedChange={(v) => set("includeMe", v === true)}
        />
        <Label htmlFor={`${id}-me`} className="min-h-11 flex-1 cursor-pointer content-center font-normal">
          {even?.ok && even.myShare
            ? i18n._("Include me (my share is not requested: {amount})", {
                amount: formatMoney(even.myShare, region.currency, intlLocale),
              })
            : i18n._("Include me (my share is not requested)")}
        </Label>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-custom`}
          checked={form.custom}
          onCheckedChange={(v) => set("custom", v === true)}
        />
        <Label htmlFor={`${id}-custom`} className="min-h-11 flex-1 cursor-pointer content-center font-normal">
          {i18n._("Custom amounts (they must add up to the total)")}
        </Label>
      </div>
      {/* Busy, not disabled: focus stays on it while creating, and on it if that fails. */}
      <Button type="submit" size="lg" className="w-full" aria-disabled={create.isPending || undefined}>
        {create.isPending ? <Spinner /> : null}
        {i18n._("Create requests")}
      </Button>
    </Form>
  );
}
