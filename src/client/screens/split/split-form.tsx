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
import { useCreateSplit } from "#client/features/splits/api.ts";
import { apiErrorMessage } from "#client/lib/api.ts";
import { pageItems } from "#client/lib/pages.ts";
import { paths } from "#client/lib/paths.ts";
import { useFormValues } from "#client/lib/use-form-values.ts";
import { DESCRIPTION_MAX } from "#shared/limits.ts";
import { firstMessage } from "#shared/messages.ts";
import { formatMoney, typedAmount } from "#shared/money.ts";
import { formatPhoneInput } from "#shared/phone.ts";
import { SPLIT_MAX_PEOPLE, type SplitInput, SplitInputSchema } from "#shared/schemas/split.ts";
import { planSplit } from "#shared/split.ts";

type Person = { key: number; name: string; phone: string; amount: string };
let nextKey = 0;
const person = (name = "", phone = ""): Person => ({ key: nextKey++, name, phone, amount: "" });

/** The split's body as the shared schema reads it: amounts only when splitting by custom amounts. */
function toInput(
  form: { total: string; description: string; includeMe: boolean; custom: boolean },
  people: Person[],
): SplitInput {
  return {
    total: typedAmount(form.total),
    description: form.description,
    includeMe: form.includeMe,
    people: people.map((p) => ({
      name: p.name,
      phone: p.phone,
      ...(form.custom ? { amount: typedAmount(p.amount) } : {}),
    })),
  };
}

/** "Split a bill": a total among several people, each sent their own request (shared/split.ts). */
export function SplitForm() {
  const id = useId();
  const [, navigate] = useLocation();
  const {
    values: form,
    set,
    bind,
  } = useFormValues({
    total: "",
    description: "",
    includeMe: false,
    custom: false,
  });
  const [people, setPeople] = useState<Person[]>(() => [person(), person()]);
  const [problem, setProblem] = useState<string | null>(null);
  // A message about what was typed goes once the typing changes (it stayed after the fix).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs are the trigger
  useEffect(() => setProblem(null), [form, people]);
  // The first page of contacts (50, by name): a select, not a list to scroll.
  const payees = pageItems(usePayeePages().data);
  const create = useCreateSplit();

  const setPerson = (key: number, change: Partial<Person>) =>
    setPeople((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const even = form.custom
    ? null
    : planSplit({
        total: typedAmount(form.total),
        includeMe: form.includeMe,
        custom: null,
        people: people.length,
      });

  const onSubmit = () => {
    const input = toInput(form, people);
    const parsed = SplitInputSchema.safeParse(input);
    if (!parsed.success) {
      setProblem(firstMessage(parsed.error.issues));
      return;
    }
    setProblem(null);
    create.mutate(input, {
      onSuccess: (split) => navigate(`${paths.split}?id=${encodeURIComponent(split.id)}`),
      onError: (error) => setProblem(apiErrorMessage(error)),
    });
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-5">
      <Field label="Total" name="total" inputMode="decimal" placeholder="0.00" {...bind("total")} />
      <Field
        label="Description"
        name="description"
        placeholder="What's it for? e.g. Dinner"
        maxLength={DESCRIPTION_MAX}
        {...bind("description")}
      />
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">People</legend>
        {people.map((p, index) => (
          <div
            key={p.key}
            data-person
            className="grid gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto] dark:ring-slate-800"
          >
            <Field
              label={`Name ${index + 1}`}
              value={p.name}
              autoComplete="off"
              onValueChange={(name) => setPerson(p.key, { name })}
            />
            <PhoneField
              label={`Phone ${index + 1}`}
              value={p.phone}
              onValueChange={(phone) => setPerson(p.key, { phone })}
            />
            <div className="flex items-end gap-2">
              {form.custom ? (
                <Field
                  label={`Amount ${index + 1}`}
                  inputMode="decimal"
                  placeholder="0.00"
                  className="w-28"
                  value={p.amount}
                  onValueChange={(amount) => setPerson(p.key, { amount })}
                />
              ) : (
                <p className="min-h-11 content-center text-sm tabular-nums text-slate-600 dark:text-slate-400">
                  {even?.ok ? formatMoney(even.amounts[index] ?? "0") : ""}
                </p>
              )}
              <Button
                type="button"
                variant="ghost"
                aria-label={`Remove ${p.name || `person ${index + 1}`}`}
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
            <Plus aria-hidden="true" /> Add person
          </Button>
          {payees.length > 0 ? (
            <select
              aria-label="Add from contacts"
              className="h-11 rounded-xl bg-white px-3 text-sm ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-700"
              value=""
              onChange={(e) => {
                const payee = payees.find((c) => c.id === e.target.value);
                if (!payee) return;
                const added = person(payee.name, formatPhoneInput(payee.phone));
                setPeople((list) =>
                  [...list.filter((q) => q.name || q.phone), added].slice(0, SPLIT_MAX_PEOPLE),
                );
              }}
            >
              <option value="">Add from contacts…</option>
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
          Include me (my share is not requested
          {even?.ok && even.myShare ? `: ${formatMoney(even.myShare)}` : ""})
        </Label>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-custom`}
          checked={form.custom}
          onCheckedChange={(v) => set("custom", v === true)}
        />
        <Label htmlFor={`${id}-custom`} className="min-h-11 flex-1 cursor-pointer content-center font-normal">
          Custom amounts (they must add up to the total)
        </Label>
      </div>
      {problem ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-400/10 dark:text-red-300"
        >
          {problem}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={create.isPending}>
        {create.isPending ? <Spinner /> : null}
        Create requests
      </Button>
    </Form>
  );
}
