import type { UseQueryResult } from "@tanstack/react-query";
import { CircleCheck, ExternalLink, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { PaymentRequest } from "../../../shared/schemas/payment-request";
import { Button, buttonClass } from "../../components/ui/button";
import { useConfirm } from "../../components/ui/confirm-dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadError } from "../../components/ui/load-error";
import { Spinner } from "../../components/ui/spinner";
import { apiErrorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast";
import { showActionError } from "../../lib/unauthorized";
import { useMarkRequestPaid } from "./api";
import { RequestCard, RequestListSkeleton } from "./request-card";
import { RequestTools } from "./request-tools";

type RequestsStateProps = {
  query: UseQueryResult<PaymentRequest[]>;
  /** The skeleton's spoken label, and the failure's lead before the server's sentence. */
  loading: string;
  failed: string;
  empty: { icon: LucideIcon; title: string; text: string };
  children: (requests: PaymentRequest[]) => ReactNode;
};

/** A list of requests while it loads, when it fails, when it is empty, and when it has some. */
export function RequestsState({ query, loading, failed, empty, children }: RequestsStateProps) {
  if (query.isPending) return <RequestListSkeleton label={loading} />;
  if (query.isError) {
    return (
      <LoadError message={`${failed} ${apiErrorMessage(query.error)}`} onRetry={() => void query.refetch()} />
    );
  }
  if (query.data.length === 0) return <EmptyState {...empty} />;
  return children(query.data);
}

/** How a list marks a request paid: its button, whether it asks first, and its toasts. */
export type MarkPaidTexts = {
  label: string;
  /** Asked before marking (Archive); without it the button marks at once (Home). */
  confirm?: { question: string; confirmLabel: string };
  success: (request: PaymentRequest) => { title: string; description: string };
  /** The failure toast's sentence (docs/product.md "Home", "Archive"). */
  failure: string;
};

type RequestListProps = {
  requests: readonly PaymentRequest[];
  markPaid: MarkPaidTexts;
  /** The request's pay page, opened from a "View Payment Page" link; none when null. */
  payPageHref?: (request: PaymentRequest) => string | null;
  className?: string;
};

/**
 * Payment-request cards as Home and Archive show them: Mark Paid (and the pay page link, where
 * given) as main actions; Share, Remind and Cancel as tools of a pending request.
 */
export function RequestList({ requests, markPaid: texts, payPageHref, className }: RequestListProps) {
  const markPaid = useMarkRequestPaid();
  const { confirm, dialog } = useConfirm();
  const mark = (request: PaymentRequest) =>
    markPaid.mutate(request.id, {
      onSuccess: () => toast(texts.success(request)),
      onError: (error) => showActionError(error, { title: "Error", description: texts.failure }),
    });
  const onMarkPaid = (request: PaymentRequest) =>
    texts.confirm ? confirm({ ...texts.confirm, onConfirm: () => mark(request) }) : mark(request);

  return (
    <>
      {dialog}
      <ul className={className}>
        {requests.map((request) => {
          const marking = markPaid.isPending && markPaid.variables === request.id;
          const pending = request.status === "pending";
          const href = payPageHref?.(request) ?? null;
          return (
            <li key={request.id}>
              <RequestCard
                request={request}
                actions={
                  pending || href
                    ? (describedBy) => (
                        <>
                          {pending ? (
                            <Button
                              className="flex-1 sm:flex-none"
                              aria-describedby={describedBy}
                              disabled={markPaid.isPending}
                              onClick={() => onMarkPaid(request)}
                            >
                              {marking ? <Spinner /> : <CircleCheck aria-hidden="true" />}
                              {texts.label}
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
                              View Payment Page
                            </a>
                          ) : null}
                        </>
                      )
                    : undefined
                }
                tools={
                  pending
                    ? (describedBy) => <RequestTools request={request} describedBy={describedBy} />
                    : undefined
                }
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
