import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Repeat, Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import { CurrencySelect } from "#client/components/currency-select.tsx";
import { PhoneField } from "#client/components/phone-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Checkbox } from "#client/components/ui/checkbox.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { usePayerMailNeedsConfirm } from "#client/features/account/account.ts";
import { useUser } from "#client/features/auth/user.ts";
import { notificationSettingsQuery } from "#client/features/notifications/api.ts";
import type { ContactHandoff } from "#client/features/payees/contact-handoff.ts";
import { ContactNameField } from "#client/features/payees/contact-name-field.tsx";
import { PhoneContactsButton } from "#client/features/payees/phone-contacts-button.tsx";
import { saveContactAfter, useSendRequest } from "#client/features/payment-requests/api.ts";
import {
  CHASE_FIELDS,
  type ChaseErrors,
  ChaseFields,
  type ChaseValue,
  chasePayload,
  EMPTY_CHASE,
} from "#client/features/payment-requests/chase-fields.tsx";
import {
  clearRequestDraft,
  readRequestDraft,
  saveRequestDraft,
} from "#client/features/payment-requests/request-draft.ts";
import { recurringDraftState } from "#client/features/recurring/draft.ts";
import { apiErrorMessage } from "#client/lib/api.ts";
import { useI18n } from "#client/lib/i18n.tsx";
import { paths } from "#client/lib/paths.ts";
import { apiFieldName, useSchemaForm } from "#client/lib/schema-form.ts";
import { launchSms } from "#client/lib/sms-launch.ts";
import { toast } from "#client/lib/toast.tsx";
import { currencySymbol } from "#shared/currency.ts";
import { localeOr } from "#shared/i18n/locales.ts";
import { DESCRIPTION_MAX } from "#shared/input-limits.ts";
import { formatPhone } from "#shared/phone.ts";
import {
  type CreatePaymentRequestResponse,
  type InputRegion,
  PAYMENT_REQUEST_CHECK_ORDER,
} from "#shared/schemas/payment-request.ts";
import { smsLink } from "#shared/sms.ts";
import { previewMessage } from "./message-preview";
import { MessagePreviewBox } from "./message-preview-box";
import {
  FORM_FIELDS,
  REQUEST_FORM_FIELDS,
  type RequestForm,
  requestFormSchemaFor,
} from "./validate-request-form";

/** The request page returns home 2 s after the text composer opens. */
export const RETURN_HOME_DELAY_MS = 2000;

const formFor = (contact: ContactHandoff | null): RequestForm => ({
  name: contact?.name ?? "",
  phone: contact ? formatPhone(contact.phone) : "",
  amount: "",
  description: "",
  currency: "",
});

type RequestFormViewProps = {
  contact: ContactHandoff | null;
  /** How the account's country reads numbers and amounts (features/account/input-region.ts). */
  region: InputRegion;
  /** Where the device cannot send texts, the page shows the link to share instead. */
  onCreatedOnDesktop: (created: CreatePaymentRequestResponse) => void;
};

/** Request Payment (docs/product.md "Request Payment"): the form, its checks, and the text composer. */
export function RequestFormView({ contact, region, onCreatedOnDesktop }: RequestFormViewProps) {
  const id = useId();
  const { i18n } = useLingui();
  // What was typed before a reload or a trip Back (a contact picked on Contacts starts afresh).
  const [draft] = useState(() => (contact ? null : readRequestDraft()));
  const [, navigate] = useLocation();
  const {
    values: form,
    bind,
    set,
    submit,
    fail,
  } = useSchemaForm({
    schema: requestFormSchemaFor(region),
    defaultValues: { ...formFor(contact), ...draft?.form },
    fields: REQUEST_FORM_FIELDS,
    first: PAYMENT_REQUEST_CHECK_ORDER,
    apiFields: FORM_FIELDS,
  });
  /** A saved or phone contact chosen: its name and number in the form. */
  const fill = (chosen: { name: string; phone: string }) => {
    set("name", chosen.name);
    set("phone", chosen.phone);
  };
  const [saveContact, setSaveContact] = useState(true);
  // Due date, payer email and reminders (docs/decisions/024-chasing.md): optional, behind one button, so the spec's form stays as it is.
  const [chase, setChase] = useState<ChaseValue>(draft?.chase ?? EMPTY_CHASE);
  const [chaseOpen, setChaseOpen] = useState(
    draft ? JSON.stringify(draft.chase) !== JSON.stringify(EMPTY_CHASE) : false,
  );
  // The server's sentence about a due date, payer email or reminder days, shown at that field
  // (they live outside the form's own fields); gone once the section is edited.
  const [chaseErrors, setChaseErrors] = useState<ChaseErrors>({});
  const editChase = (value: ChaseValue) => {
    setChase(value);
    setChaseErrors({});
  };
  // The requester's own default reminder days (Profile → Notifications) label the Default choice,
  // read once the section opens; the server applies them either way.
  const { data: notificationSettings } = useQuery({ ...notificationSettingsQuery, enabled: chaseOpen });
  const [sent, setSent] = useState(false);
  const send = useSendRequest();
  const { user } = useUser();
  // The text speaks the payer's language: the picked contact's while its number is in the form
  // (the server reads the same from the contact), else the requester's own.
  const [picked, setPicked] = useState<{ phone: string; language: string | null } | null>(() =>
    contact ? { phone: formatPhone(contact.phone), language: contact.language ?? null } : null,
  );
  const payerI18n = useI18n(
    localeOr(picked && picked.phone === form.phone ? picked.language : null, user?.language),
  );
  const confirmFirst = usePayerMailNeedsConfirm();
  const homeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(homeTimer.current), []);
  // As text: the form's values object may be the same one, changed in place, from render to render.
  const typed = JSON.stringify({ form, chase });
  useEffect(() => {
    if (!sent) saveRequestDraft(JSON.parse(typed));
  }, [typed, sent]);

  const onSubmit = submit((typed) => {
    if (send.isPending || sent) return;
    const extra = chasePayload(chase);
    send.mutate(
      { ...typed, ...extra },
      {
        onSuccess: (created) => {
          const { request, smsMessage } = created;
          setSent(true);
          clearRequestDraft();
          if (extra.sendBy === "email") {
            // Collect emails it: no text to send from this phone.
            toast({
              title: i18n._("Payment Request Created"),
              description: request.payerEmail
                ? i18n._("Collect is emailing it to {email}.", { email: request.payerEmail })
                : i18n._("Collect is emailing it to the payer."),
            });
            homeTimer.current = setTimeout(() => navigate(paths.home), RETURN_HOME_DELAY_MS);
          } else if (launchSms(smsLink(request.recipientPhone, smsMessage))) {
            toast({
              title: i18n._("Payment Request Created"),
              description: i18n._("Your payment request has been created and SMS launched!"),
            });
            homeTimer.current = setTimeout(() => navigate(paths.home), RETURN_HOME_DELAY_MS);
          } else {
            toast({
              title: i18n._("Payment Request Created"),
              description: i18n._("Your payment request has been created. Share the link below to send it."),
            });
            onCreatedOnDesktop(created);
          }
          saveContactAfter({ request, saveContact });
        },
        onError: (error) => {
          fail(i18n._("Request Failed"), error);
          const field = apiFieldName(error);
          if (field && (CHASE_FIELDS as readonly string[]).includes(field)) {
            setChaseOpen(true);
            setChaseErrors({ [field]: apiErrorMessage(error) });
          }
        },
      },
    );
  });

  const busy = send.isPending || sent;
  // The spec's form for a US account; an account elsewhere may ask in another currency.
  const international = region.country !== "US" || region.currency !== "USD";
  const currency = form.currency || region.currency;
  const symbol = currencySymbol(currency);
  return (
    <Form onSubmit={onSubmit} className="space-y-5">
      <PhoneContactsButton onPick={fill} />
      <ContactNameField
        {...bind("name")}
        onPick={(payee) => {
          fill({ name: payee.name, phone: formatPhone(payee.phone) });
          setPicked({ phone: formatPhone(payee.phone), language: payee.language ?? null });
        }}
      />
      <PhoneField
        label={i18n._("Mobile Phone")}
        name="recipientPhone"
        autoComplete="tel"
        country={region.country}
        hint={
          region.country === "US"
            ? i18n._("US mobile number. We'll open your messages app to text it.")
            : i18n._(
                "Mobile number, as you dial it at home or with + and its country code. We'll open your messages app to text it.",
              )
        }
        {...bind("phone")}
      />
      {international ? (
        <CurrencySelect
          value={currency}
          onChange={(code) => set("currency", code)}
          first={[region.currency]}
        />
      ) : null}
      <Field
        label={i18n._("Amount")}
        name="amount"
        // Text, not a number field: browsers read "12,50" in a number field as 1250.
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={region.country === "US" ? "0.00" : undefined}
        autoFocus={contact !== null}
        leading={
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 start-3.5 flex items-center text-base text-slate-500 dark:text-slate-400"
          >
            {symbol}
          </span>
        }
        inputClassName={`${symbol.length === 1 ? "ps-7" : symbol.length === 2 ? "ps-10" : "ps-12"} tabular-nums`}
        {...bind("amount")}
        onWheel={(e) => e.currentTarget.blur()}
      />
      <Field
        label={i18n._("Description")}
        labelAside={
          <span className="text-xs text-slate-500 dark:text-slate-400">{i18n._("(optional)")}</span>
        }
        name="description"
        placeholder={i18n._("What's it for? e.g. Dinner")}
        maxLength={DESCRIPTION_MAX}
        {...bind("description")}
      />
      <div>
        <Button
          type="button"
          variant="secondary"
          aria-expanded={chaseOpen}
          aria-controls={`${id}-chase`}
          onClick={() => setChaseOpen((open) => !open)}
        >
          {chaseOpen ? i18n._("Hide due date and reminders") : i18n._("Due date, email and reminders")}
        </Button>
        <div id={`${id}-chase`} className="mt-4" hidden={!chaseOpen}>
          <ChaseFields
            value={chase}
            onChange={editChase}
            errors={chaseErrors}
            ownDefault={notificationSettings?.reminderDays}
            confirmFirst={confirmFirst}
          />
        </div>
      </div>
      <div>
        <Button
          type="button"
          variant="ghost"
          aria-describedby={`${id}-repeat-hint`}
          onClick={() =>
            navigate(paths.recurring, {
              state: recurringDraftState({
                recipientName: form.name,
                recipientPhone: form.phone,
                amount: form.amount,
                description: form.description,
                payerEmail: chase.payerEmail,
              }),
            })
          }
        >
          <Repeat aria-hidden="true" />
          {i18n._("Repeat this request")}
        </Button>
        <p id={`${id}-repeat-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {i18n._("Every week, every 2 weeks or monthly: Collect makes each one for you.")}
        </p>
      </div>
      <MessagePreviewBox
        id={`${id}-preview`}
        preview={previewMessage(
          form,
          user?.profileName || "Someone",
          window.location.origin,
          payerI18n,
          region,
        )}
      />
      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-save`}
          checked={saveContact}
          onCheckedChange={(value) => setSaveContact(value === true)}
        />
        <Label htmlFor={`${id}-save`} className="min-h-11 flex-1 cursor-pointer content-center font-normal">
          {i18n._("Save contact for future payment requests")}
        </Label>
      </div>
      {/* Busy, not disabled: focus stays on it while sending, and on it if the send fails. */}
      <Button type="submit" size="lg" className="w-full" aria-disabled={busy || undefined}>
        {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
        {send.isPending ? i18n._("Sending...") : i18n._("Send Request")}
      </Button>
    </Form>
  );
}
