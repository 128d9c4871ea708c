import { useLingui } from "@lingui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { CircleCheck, ExternalLink, FileText, HandCoins, type LucideIcon, Undo2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Button, buttonClass } from "#client/components/ui/button.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { LoadError } from "#client/components/ui/load-error.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useClaimsSeen } from "#client/features/payment-requests/live-updates.ts";
import { apiErrorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { serverPaths } from "#client/lib/paths.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { useOpenRequestFromUrl } from "./open-request";
import { type MarkPaidTexts, usePaidMarks } from "./paid-marks";
import { PaymentsDialog } from "./payments-dialog";
import { RequestCard, RequestListSkeleton } from "./request-card";
import { RequestTools, ToolButton, ToolDownload } from "./request-tools";
import { SplitEntry } from "./split-entry";
import { groupBySplit } from "./split-groups";
import { stableOrder } from "./stable-order";

type RequestsStateProps<T> = {
  query: Pick<UseQueryResult<T>, "isPending" | "isError" | "error" | "data" | "refetch">;
  /** Whether the answer has nothing to show. */
  isEmpty: (data: T) => boolean;
  /** The skeleton's spoken label, and the failure's lead before the server's sentence. */
  loading: string;
  failed: string;
  empty: { icon: LucideIcon; title: string; text?: string };
  children: (data: T) => ReactNode;
};

/** A list of requests while it loads, when it fails, when it is empty, and when it has some. */
export function RequestsState<T>({
  query,
  isEmpty,
  loading,
  failed,
  empty,
  children,
}: RequestsStateProps<T>) {
  const { i18n } = useLingui();
  if (query.isPending) return <RequestListSkeleton label={loading} />;
  if (query.isError) {
    return (
      <LoadError
        message={`${failed} ${i18n._(apiErrorMessage(query.error))}`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data === undefined || isEmpty(query.data)) return <EmptyState {...empty} />;
  return children(query.data);
}

/** The requests in the order they were first shown on this screen (stable-order.ts). */
function useStableOrder(requests: readonly PaymentRequest[]): PaymentRequest[] {
  const shown = useRef<string[]>([]);
  const byId = new Map(requests.map((r) => [r.id, r]));
  shown.current = stableOrder(shown.current, [...byId.keys()]);
  return shown.current.flatMap((id) => byId.get(id) ?? []);
}

type RequestListProps = {
  requests: readonly PaymentRequest[];
  markPaid: MarkPaidTexts;
  /** The request's pay page, opened from a "View Payment Page" link; none when null. */
  payPageHref?: (request: PaymentRequest) => string | null;
  className?: string;
};

/**
 * Payment-request cards as Home and Archive show them: Mark Paid (and the pay page link, where
 * given) as main actions; Share, Remind and Cancel as tools of a pending request. The shares of a
 * split bill are one entry that opens to their cards. Showing the list counts as seeing new claims.
 */
export function RequestList({ requests, markPaid: texts, payPageHref, className }: RequestListProps) {
  const { i18n } = useLingui();
  const _locale = useIntlLocale();
  const { markPaid, markNotPaid, markedHere, onMarkPaid, onMarkNotPaid, dialog } = usePaidMarks(texts);
  useClaimsSeen();
  const shown = useStableOrder(requests);
  useOpenRequestFromUrl(shown);
  // The request whose part payments are open ("Part payment", or "Payments" of one paid in parts).
  // Looked up in the list each time, so the dialog follows the request as payments change it.
  const [payingId, setPaying] = useState<string | null>(null);
  const paying = shown.find((request) => request.id === payingId);
  const card = (request: PaymentRequest) => {
    const marking = markPaid.isPending && markPaid.variables === request.id;
    const pending = request.status === "pending";
    // Marked here: a disabled "Paid" stays where Mark Paid was, so a second tap lands on nothing.
    const marked = request.status === "paid" && markedHere.has(request.id);
    const href = payPageHref?.(request) ?? null;
    return (
      <RequestCard
        request={request}
        actions={
          pending || marked || href
            ? (describedBy) => (
                <>
                  {pending || marked ? (
                    <Button
                      className="flex-1 sm:flex-none"
                      aria-describedby={describedBy}
                      disabled={marked || markPaid.isPending || markNotPaid.isPending}
                      onClick={() => onMarkPaid(request)}
                    >
                      {marking ? <Spinner /> : <CircleCheck aria-hidden="true" />}
                      {marked ? i18n._("Paid") : texts.label}
                    </Button>
                  ) : null}
                  {pending ? (
                    <Button
                      variant="secondary"
                      className="flex-1 sm:flex-none"
                      aria-describedby={describedBy}
                      onClick={() => setPaying(request.id)}
                    >
                      <HandCoins aria-hidden="true" />
                      {i18n._("Part payment")}
                    </Button>
                  ) : null}
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener"
                      aria-describedby={describedBy}
                      className={cn(buttonClass("secondary"), "flex-1 sm:flex-none")}
                    >
                      <ExternalLink aria-hidden="true" />
                      {i18n._("View Payment Page")}
                    </a>
                  ) : null}
                </>
              )
            : undefined
        }
        tools={
          pending
            ? (describedBy) => <RequestTools request={request} describedBy={describedBy} />
            : request.status === "paid"
              ? (describedBy) => (
                  <>
                    {request.paidAmount === request.amount ? (
                      // Paid in full by its parts: undoing one of them is what makes it owed again.
                      <ToolButton
                        icon={HandCoins}
                        aria-describedby={describedBy}
                        onClick={() => setPaying(request.id)}
                      >
                        {i18n._("Payments")}
                      </ToolButton>
                    ) : (
                      <ToolButton
                        icon={Undo2}
                        busy={markNotPaid.isPending && markNotPaid.variables === request.id}
                        disabled={markNotPaid.isPending}
                        aria-describedby={describedBy}
                        onClick={() => onMarkNotPaid(request)}
                      >
                        {i18n._("Mark as not paid")}
                      </ToolButton>
                    )}
                    <ToolDownload
                      icon={FileText}
                      href={serverPaths.receipt(request.id)}
                      aria-describedby={describedBy}
                    >
                      {i18n._("Receipt")}
                    </ToolDownload>
                  </>
                )
              : undefined
        }
      />
    );
  };

  return (
    <>
      {dialog}
      {paying ? <PaymentsDialog request={paying} onClose={() => setPaying(null)} /> : null}
      <ul className={className}>
        {groupBySplit(shown).map((entry) =>
          entry.kind === "request" ? (
            <li key={entry.request.id}>{card(entry.request)}</li>
          ) : (
            <SplitEntry key={entry.splitId} splitId={entry.splitId} loaded={entry.requests} card={card} />
          ),
        )}
      </ul>
    </>
  );
}
