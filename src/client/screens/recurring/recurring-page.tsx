import { useLingui } from "@lingui/react";
import { Copy, Pause, Pencil, Play, Plus, Repeat, Square } from "lucide-react";
import { useLayoutEffect, useMemo, useState } from "react";
import { Link } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { useConfirm } from "#client/components/ui/confirm-dialog.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { LoadError } from "#client/components/ui/load-error.tsx";
import { PageHeader } from "#client/components/ui/page-header.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { WithInputRegion } from "#client/features/account/input-region.tsx";
import { useEndRecurring, useRecurringSeries, useUpdateRecurring } from "#client/features/recurring/api.ts";
import {
  type RecurringDraft,
  recurringDraftOf,
  recurringDraftState,
  withoutRecurringDraft,
} from "#client/features/recurring/draft.ts";
import { apiErrorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { toast } from "#client/lib/toast.tsx";
import { showActionError } from "#client/lib/unauthorized.ts";
import { formatMoney } from "#shared/money.ts";
import { shortDate } from "#shared/schedule/due-date.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import { type Period, type RecurringSeries, sendAheadOf } from "#shared/schemas/recurring.ts";
import { endWords, frequencyWords, nextWords, periodWords } from "./describe";
import { EditSeriesDialog } from "./edit-series-dialog";
import { NewSeriesForm } from "./new-series-form";

/** /recurring (docs/decisions/024-chasing.md): each series with its next date; pause, resume, change, end. */
export default function RecurringPage() {
  const series = useRecurringSeries();
  const { i18n } = useLingui();
  // From Request Payment's "Repeat this request": the form opens with what was typed there, once.
  const [draft, setDraft] = useState(() => recurringDraftOf(window.history.state));
  // Moved from the page's history entry to the form dialog's own (a layout effect runs before the
  // dialog adds its entry): a reload while the form is open opens it again with the draft; once
  // the series is made or the form closed, a reload, or Back and Forward, does not.
  useLayoutEffect(() => {
    if (draft) window.history.replaceState(withoutRecurringDraft(window.history.state), "");
  }, [draft]);
  const [creating, setCreating] = useState(draft !== null);
  // Closed, made or not, the form opens empty next time.
  const closeForm = () => {
    setCreating(false);
    setDraft(null);
  };
  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      {i18n._("New recurring request")}
    </Button>
  );
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={i18n._("Recurring")}
        description={i18n._("Requests Collect makes for you at 9:00 on each date: rent, lessons, club dues.")}
        action={series.data?.length ? newButton : undefined}
      />
      {creating ? (
        <Dialog
          title={i18n._("New recurring request")}
          onClose={closeForm}
          holdsInput
          draft={draft ? recurringDraftState(draft) : undefined}
        >
          <WithInputRegion>
            {(region) => <NewSeriesForm draft={draft} region={region} onDone={closeForm} />}
          </WithInputRegion>
        </Dialog>
      ) : null}
      {series.isPending ? (
        <div className="grid place-items-center p-10">
          <Spinner />
        </div>
      ) : series.isError ? (
        <LoadError
          message={i18n._("We couldn't load your recurring requests. {message}", {
            message: i18n._(apiErrorMessage(series.error)),
          })}
          onRetry={() => void series.refetch()}
        />
      ) : series.data.length === 0 ? (
        <EmptyState
          icon={Repeat}
          title={i18n._("No recurring requests yet")}
          text={i18n._(
            "Ask for the same amount every week, every 2 weeks or every month. Collect makes each request at 9:00 on its date and emails it to the payer, or tells you it's ready to text.",
          )}
          action={newButton}
        />
      ) : (
        <SeriesList
          list={series.data}
          onDuplicate={(of) => {
            setDraft(duplicateOf(of));
            setCreating(true);
          }}
        />
      )}
    </div>
  );
}

/**
 * "Duplicate": the same series for another person (rent for each tenant), the form opened with its
 * amount, description, schedule, days ahead and reminders, and the person's fields empty.
 */
function duplicateOf(series: RecurringSeries): RecurringDraft {
  return {
    recipientName: "",
    recipientPhone: "",
    payerEmail: "",
    amount: series.amount,
    description: series.description ?? "",
    frequency: series.frequency,
    // The series' next date (the form moves a date already past to today).
    ...(series.nextDate ? { startDate: series.nextDate } : {}),
    endMode: series.endDate ? "date" : series.count ? "count" : "never",
    endDate: series.endDate ?? "",
    count: series.count ? String(series.count) : "",
    sendAhead: sendAheadOf(series.sendDaysBefore),
    // Its own reminder days too: the next tenant is chased like the first.
    reminders:
      series.reminderDays === null ? "default" : series.reminderDays.length === 0 ? "none" : "custom",
    reminderDays: series.reminderDays ?? [],
  };
}

function SeriesList({
  list,
  onDuplicate,
}: {
  list: RecurringSeries[];
  onDuplicate: (series: RecurringSeries) => void;
}) {
  const today = useMemo(() => localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const update = useUpdateRecurring();
  const end = useEndRecurring();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<RecurringSeries | null>(null);
  const { i18n } = useLingui();
  const intlLocale = useIntlLocale();

  const setPaused = (series: RecurringSeries, paused: boolean) =>
    update.mutate(
      { id: series.id, change: { paused } },
      {
        onSuccess: (saved) =>
          toast({
            title: paused ? i18n._("Paused") : i18n._("Resumed"),
            description: paused
              ? i18n._("No requests to {name} until you resume.", { name: saved.recipientName })
              : saved.nextDate
                ? i18n._("Next request to {name}: {date}.", {
                    name: saved.recipientName,
                    date: shortDate(saved.nextDate, today, intlLocale),
                  })
                : i18n._("Next request to {name}: none.", { name: saved.recipientName }),
          }),
        onError: (error) =>
          showActionError(error, { title: i18n._("Error"), description: i18n._(apiErrorMessage(error)) }),
      },
    );

  const onEnd = (series: RecurringSeries) =>
    confirm({
      question: i18n._("End the recurring request to {name}?", { name: series.recipientName }),
      confirmLabel: i18n._("End series"),
      dismissLabel: i18n._("Keep it"),
      destructive: true,
      onConfirm: () =>
        end.mutate(series.id, {
          onSuccess: () =>
            toast({
              title: i18n._("Ended"),
              description: i18n._("No more requests will be made. Requests already made stay."),
            }),
          onError: (error) =>
            showActionError(error, { title: i18n._("Error"), description: i18n._(apiErrorMessage(error)) }),
        }),
    });

  return (
    <Card>
      {dialog}
      {editing ? (
        <WithInputRegion>
          {(region) => <EditSeriesDialog series={editing} region={region} onClose={() => setEditing(null)} />}
        </WithInputRegion>
      ) : null}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {list.map((series) => {
          const busy =
            (update.isPending && update.variables?.id === series.id) ||
            (end.isPending && end.variables === series.id);
          const ends = endWords(series, today, i18n);
          return (
            <li
              key={series.id}
              className="flex flex-wrap items-start gap-x-3 gap-y-3 p-4 sm:px-5"
              aria-label={i18n._("{name}, {amount}", {
                name: series.recipientName,
                amount: formatMoney(series.amount, series.currency, intlLocale),
              })}
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2 font-semibold text-slate-900 dark:text-slate-100">
                  <span className="truncate">{series.recipientName}</span>
                  <span className="whitespace-nowrap">
                    {formatMoney(series.amount, series.currency, intlLocale)}
                  </span>
                  <StatusBadge status={series.status} />
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {[series.description, frequencyWords(series, i18n), ends].filter(Boolean).join(" · ")}
                </p>
                <p className="text-sm text-slate-500 dark:text-slate-400">{nextWords(series, today, i18n)}</p>
                {series.periods?.length ? (
                  <ul
                    aria-label={i18n._("Latest requests")}
                    data-periods
                    className="mt-2 flex flex-wrap gap-1.5 text-xs font-medium"
                  >
                    {series.periods.map((period) => (
                      <li key={period.requestId}>
                        <Link
                          href={`/?request=${encodeURIComponent(period.requestId)}`}
                          className={cn(
                            "inline-flex min-h-8 items-center rounded-full px-2.5 ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600",
                            PERIOD_TONES[periodTone(period, today)],
                          )}
                        >
                          {periodWords(period, series, today, i18n)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              {series.status === "ended" ? null : (
                <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
                  {series.status === "paused" ? (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => setPaused(series, false)}
                      aria-label={i18n._("Resume {name}", { name: series.recipientName })}
                    >
                      <Play aria-hidden="true" />
                      {i18n._("Resume")}
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => setPaused(series, true)}
                      aria-label={i18n._("Pause {name}", { name: series.recipientName })}
                    >
                      <Pause aria-hidden="true" />
                      {i18n._("Pause")}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => setEditing(series)}
                    aria-label={i18n._("Change future requests to {name}", { name: series.recipientName })}
                  >
                    <Pencil aria-hidden="true" />
                    {i18n._("Change")}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => onDuplicate(series)}
                    aria-label={i18n._("Duplicate {name}'s series for someone else", {
                      name: series.recipientName,
                    })}
                  >
                    <Copy aria-hidden="true" />
                    {i18n._("Duplicate")}
                  </Button>
                  <Button
                    variant="destructive"
                    disabled={busy}
                    onClick={() => onEnd(series)}
                    aria-label={i18n._("End {name}", { name: series.recipientName })}
                  >
                    <Square aria-hidden="true" />
                    {i18n._("End")}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** Paid green, said-paid or waiting neutral, overdue amber, cancelled grey. */
const PERIOD_TONES = {
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-400/10 dark:text-emerald-200 dark:ring-emerald-400/30",
  waiting: "bg-white text-slate-700 ring-slate-300 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-600",
  overdue:
    "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30",
  cancelled:
    "bg-slate-100 text-slate-600 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700",
} as const;

function periodTone(period: Period, today: string): keyof typeof PERIOD_TONES {
  if (period.status === "paid") return "paid";
  if (period.status === "cancelled") return "cancelled";
  if (!period.claimed && period.dueDate && period.dueDate < today) return "overdue";
  return "waiting";
}

function StatusBadge({ status }: { status: RecurringSeries["status"] }) {
  const styles = {
    active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200",
    paused: "bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200",
    ended: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  } as const;
  const { i18n } = useLingui();
  const words = { active: i18n._("Active"), paused: i18n._("Paused"), ended: i18n._("Ended") };
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${styles[status]}`}>{words[status]}</span>
  );
}
