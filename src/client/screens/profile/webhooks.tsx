import { useLingui } from "@lingui/react";
import { ChevronDown, Plus, RefreshCw, RotateCcw, Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { useConfirm } from "#client/components/ui/confirm-dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { LoadError } from "#client/components/ui/load-error.tsx";
import { LoadingBlock, Spinner } from "#client/components/ui/spinner.tsx";
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useResendDelivery,
  useRotateSecret,
  useSendTestEvent,
  useSetWebhookEnabled,
  useWebhooks,
} from "#client/features/developer/api.ts";
import { apiErrorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { apiFieldName, useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import {
  type CreateWebhook,
  CreateWebhookSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookWithSecret,
} from "#shared/schemas/webhook.ts";
import { ReferenceLink } from "./api-tokens";
import { Badge, CheckboxGroup, dateTime, SecretOnce } from "./developer-parts";

const EMPTY: CreateWebhook = { url: "", events: [] };
const FIELDS = ["url", "events"] as const;

/** The form's field for a path of POST /api/webhooks (`events.2` → events). */
function formFieldOf(path: string | undefined): (typeof FIELDS)[number] | null {
  const top = path?.split(".")[0];
  return top === "url" || top === "events" ? top : null;
}

/** Profile → Developer → Webhooks: where Collect POSTs the events an endpoint asked for, and what came of each. */
export function Webhooks() {
  const { i18n } = useLingui();
  const { data: webhooks, isLoading, isError, error, refetch } = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const backToOpener = () => requestAnimationFrame(() => opener.current?.focus());

  return (
    <section aria-labelledby="webhooks-heading" className="space-y-3">
      <h3 id="webhooks-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        {i18n._("Webhooks")}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {i18n._(
          "Collect sends a signed POST to your endpoint when something happens to your requests, so your own systems can follow along.",
        )}
      </p>
      {created ? (
        <SecretOnce
          title={i18n._("Signing secret for {url}", { url: created.url })}
          label={i18n._("Signing secret")}
          secret={created.secret}
          note={i18n._("Check the webhook-signature header of each delivery with it.")}
          onDone={() => {
            setCreated(null);
            backToOpener();
          }}
        />
      ) : adding ? (
        <NewEndpointForm
          onCancel={() => {
            setAdding(false);
            backToOpener();
          }}
          onCreated={(webhook) => {
            setAdding(false);
            setCreated(webhook);
          }}
        />
      ) : null}
      {isLoading ? (
        <LoadingBlock className="py-4" />
      ) : isError ? (
        <LoadError
          message={`${i18n._("Webhooks could not be loaded.")} ${i18n._(apiErrorMessage(error))}`}
          onRetry={() => void refetch()}
        />
      ) : webhooks && webhooks.length > 0 ? (
        <ul aria-label={i18n._("Your endpoints")} className="space-y-3">
          {webhooks.map((webhook) => (
            <EndpointRow key={webhook.id} webhook={webhook} />
          ))}
        </ul>
      ) : (
        <div className="rounded-xl p-4 text-sm text-slate-600 ring-1 ring-slate-200 dark:text-slate-400 dark:ring-slate-800">
          <p>{i18n._("No endpoints yet. Add one to hear about payments as they happen.")}</p>
          <ReferenceLink />
        </div>
      )}
      {adding || created ? null : (
        <Button ref={opener} variant="secondary" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          {i18n._("Add endpoint")}
        </Button>
      )}
    </section>
  );
}

function eventChoices(i18n: ReturnType<typeof useLingui>["i18n"]) {
  return WEBHOOK_EVENTS.map((event) => ({
    value: event,
    label: i18n._(WEBHOOK_EVENT_LABELS[event]),
    detail: event,
  }));
}

function NewEndpointForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (webhook: WebhookWithSecret) => void;
}) {
  const { i18n } = useLingui();
  const create = useCreateWebhook();
  const form = useRef<HTMLFormElement>(null);
  // Opened by a tap on Add endpoint: the address is what comes next.
  useEffect(() => form.current?.querySelector("input")?.focus(), []);
  const { values, bind, set, errorOf, refOf, submit, fail } = useSchemaForm({
    schema: CreateWebhookSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    tell: (message) =>
      toast({ title: i18n._("Endpoint not added"), description: i18n._(message), variant: "destructive" }),
  });
  const all = values.events.length === WEBHOOK_EVENTS.length;

  const onSubmit = submit((input) => {
    if (create.isPending) return;
    create.mutate(input, {
      onSuccess: (webhook) => {
        create.reset();
        onCreated(webhook);
      },
      onError: (error) =>
        fail(i18n._("Endpoint not added"), error, (failure) =>
          formFieldOf(apiFieldName(failure) ?? undefined),
        ),
    });
  });

  return (
    <Form
      ref={form}
      onSubmit={onSubmit}
      busy={create.isPending}
      aria-label={i18n._("Add endpoint")}
      className="space-y-4 rounded-xl p-4 ring-1 ring-slate-200 dark:ring-slate-800"
    >
      <Field
        label={i18n._("Endpoint URL")}
        hint={i18n._("An https:// address on your server that accepts POST requests.")}
        type="url"
        inputMode="url"
        dir="ltr"
        name="webhook-url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/collect-webhook"
        {...bind("url")}
      />
      <CheckboxGroup<WebhookEvent>
        legend={i18n._("Events to send")}
        choices={eventChoices(i18n)}
        value={values.events}
        onChange={(events) => set("events", events)}
        error={errorOf("events")}
        firstRef={refOf("events")}
        aside={
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => set("events", all ? [] : [...WEBHOOK_EVENTS])}
          >
            {all ? i18n._("Clear all") : i18n._("Select all")}
          </Button>
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : null}
          {i18n._("Add endpoint")}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {i18n._("Cancel")}
        </Button>
      </div>
    </Form>
  );
}

function EndpointRow({ webhook }: { webhook: Webhook }) {
  const { i18n } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const test = useSendTestEvent();
  const rotate = useRotateSecret();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const { confirm, dialog } = useConfirm();
  const allEvents = webhook.events.length === WEBHOOK_EVENTS.length;
  const previousUntil =
    webhook.previousSecretUntil && new Date(webhook.previousSecretUntil).getTime() > Date.now()
      ? webhook.previousSecretUntil
      : null;

  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: () => {
        setOpen(true);
        toast({
          title: i18n._("Test event sent"),
          description: i18n._("It is on its way: its delivery shows below."),
        });
      },
      onError: (error) => showMutationError(i18n._("Test event not sent"), error),
    });

  const askRotate = () =>
    confirm({
      question: i18n._("Rotate the signing secret?"),
      detail: i18n._(
        "Collect signs with a new secret from now on. The current one keeps working for 24 hours, while you update {url}.",
        { url: webhook.url },
      ),
      confirmLabel: i18n._("Rotate secret"),
      onConfirm: () =>
        rotate.mutate(webhook.id, {
          onSuccess: (withSecret) => {
            rotate.reset();
            setRotated(withSecret);
          },
          onError: (error) => showMutationError(i18n._("Secret not rotated"), error),
        }),
    });

  const toggle = () =>
    setEnabled.mutate(
      { id: webhook.id, enabled: !webhook.enabled },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.enabled ? i18n._("Endpoint turned on") : i18n._("Endpoint turned off"),
            description: saved.url,
          }),
        onError: (error) =>
          showMutationError(
            webhook.enabled ? i18n._("Endpoint not turned off") : i18n._("Endpoint not turned on"),
            error,
          ),
      },
    );

  const askDelete = () =>
    confirm({
      question: i18n._("Delete this endpoint?"),
      detail: i18n._("{url} gets no more events, and its delivery log goes with it.", { url: webhook.url }),
      confirmLabel: i18n._("Delete"),
      destructive: true,
      onConfirm: () =>
        remove.mutate(webhook.id, {
          onSuccess: () => toast({ title: i18n._("Endpoint deleted"), description: webhook.url }),
          onError: (error) => showMutationError(i18n._("Endpoint not deleted"), error),
        }),
    });

  return (
    <li className="space-y-3 rounded-xl p-3 ring-1 ring-slate-200 sm:p-4 dark:ring-slate-800">
      <div className="space-y-1">
        <p className="flex flex-wrap items-start gap-x-2 gap-y-1">
          <span
            dir="ltr"
            className="min-w-0 font-mono text-sm font-medium break-all text-slate-900 dark:text-slate-100"
          >
            {webhook.url}
          </span>
          {webhook.enabled ? <Badge tone="green">{i18n._("On")}</Badge> : null}
        </p>
        {webhook.enabled ? null : (
          <p className="text-sm text-amber-800 dark:text-amber-300">
            {webhook.disabledReason
              ? i18n._("Turned off: {reason}", { reason: i18n._(webhook.disabledReason) })
              : i18n._("Turned off")}
          </p>
        )}
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {allEvents
            ? i18n._("All events")
            : `${i18n._("{count, plural, one {# event} other {# events}}", { count: webhook.events.length })}: ${webhook.events
                .map((event) => i18n._(WEBHOOK_EVENT_LABELS[event]))
                .join(" · ")}`}
        </p>
        {previousUntil && !rotated ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {i18n._("The previous secret also works until {time}.", { time: dateTime(previousUntil, i18n) })}
          </p>
        ) : null}
      </div>
      {rotated ? (
        <SecretOnce
          title={i18n._("New signing secret")}
          label={i18n._("Signing secret")}
          secret={rotated.secret}
          note={
            rotated.previousSecretUntil
              ? i18n._("The old secret keeps working until {time}.", {
                  time: dateTime(rotated.previousSecretUntil, i18n),
                })
              : undefined
          }
          onDone={() => {
            setRotated(null);
            rotateButton.current?.focus();
          }}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={test.isPending || !webhook.enabled}
          onClick={sendTest}
        >
          {test.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {i18n._("Send test event")}
        </Button>
        <Button
          ref={rotateButton}
          size="sm"
          variant="secondary"
          disabled={rotate.isPending}
          onClick={askRotate}
        >
          {rotate.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
          {i18n._("Rotate secret")}
        </Button>
        <Button size="sm" variant="secondary" disabled={setEnabled.isPending} onClick={toggle}>
          {webhook.enabled ? i18n._("Turn off") : i18n._("Turn on")}
        </Button>
        <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={askDelete}>
          {i18n._("Delete")}
        </Button>
      </div>
      <div>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={`${id}-deliveries`}
          onClick={() => setOpen(!open)}
          className="-ms-3"
        >
          <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
          {i18n._("Deliveries")}
        </Button>
        {open ? (
          <Deliveries id={`${id}-deliveries`} webhookId={webhook.id} enabled={webhook.enabled} />
        ) : null}
      </div>
      {dialog}
    </li>
  );
}

const STATE_TONES = { pending: "amber", delivered: "green", failed: "red" } as const;
/** A delivery's state in a word: one not yet delivered is being sent, or tried again after a failure. */
function stateLabel(delivery: WebhookDelivery): string {
  if (delivery.state === "delivered") return /*i18n*/ "Delivered";
  if (delivery.state === "failed") return /*i18n*/ "Failed";
  return delivery.attempts === 0 ? /*i18n*/ "Sending" : /*i18n*/ "Retrying";
}

/** The endpoint's delivery log; Resend waits until a turned-off endpoint is on again (the server refuses it). */
function Deliveries({ id, webhookId, enabled }: { id: string; webhookId: string; enabled: boolean }) {
  const { i18n } = useLingui();
  const { data: deliveries, isLoading, isError, error, isFetching, refetch } = useDeliveries(webhookId, true);
  const resend = useResendDelivery();
  return (
    <section id={id} aria-label={i18n._("Deliveries")} className="mt-2 space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600 dark:text-slate-400">{i18n._("The last 50, newest first.")}</p>
        <Button size="sm" variant="ghost" disabled={isFetching} onClick={() => void refetch()}>
          {isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {i18n._("Refresh")}
        </Button>
      </div>
      {isLoading ? (
        <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <Spinner />
          {i18n._("Loading…")}
        </p>
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {i18n._("Deliveries could not be loaded.")} {i18n._(apiErrorMessage(error))}
        </p>
      ) : deliveries && deliveries.length > 0 ? (
        <ul
          aria-label={i18n._("Delivery log")}
          className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800"
        >
          {deliveries.map((delivery) => {
            const when = dateTime(delivery.createdAt, i18n);
            const type = delivery.type === "test" ? i18n._("Test event") : delivery.type;
            return (
              <li
                key={delivery.id}
                data-delivery-state={delivery.state}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1 space-y-0.5">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span
                      dir="auto"
                      className="font-mono text-sm font-medium break-all text-slate-900 dark:text-slate-100"
                    >
                      {type}
                    </span>
                    <Badge tone={STATE_TONES[delivery.state]}>{i18n._(stateLabel(delivery))}</Badge>
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {[
                      when,
                      i18n._("{count, plural, one {# attempt} other {# attempts}}", {
                        count: delivery.attempts,
                      }),
                      // A failure's sentence says the status itself ("The endpoint answered HTTP 500.").
                      delivery.lastStatus === null || delivery.lastError
                        ? null
                        : i18n._("HTTP {status}", { status: delivery.lastStatus }),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {delivery.type === "test" ? null : (
                    <p className="text-xs text-slate-700 dark:text-slate-300">
                      {i18n._(WEBHOOK_EVENT_LABELS[delivery.type])}
                    </p>
                  )}
                  {delivery.lastError ? (
                    <p className="text-xs break-words text-red-700 dark:text-red-400">
                      {i18n._(delivery.lastError)}
                    </p>
                  ) : null}
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={i18n._("Resend {type} from {time}", { type, time: when })}
                  // One chain of attempts at a time: a delivery still being tried cannot be resent yet.
                  disabled={resend.isPending || !enabled || delivery.state === "pending"}
                  onClick={() =>
                    resend.mutate(
                      { webhookId, deliveryId: delivery.id },
                      {
                        onSuccess: () => toast({ title: i18n._("Queued to send again"), description: type }),
                        onError: (failure) => showMutationError(i18n._("Not sent again"), failure),
                      },
                    )
                  }
                >
                  {i18n._("Resend")}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._("Nothing sent yet. Send a test event to see one here.")}
        </p>
      )}
    </section>
  );
}
