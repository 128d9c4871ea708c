import { useLingui } from "@lingui/react";
import { Ban, BellRing, CalendarClock, type LucideIcon, MessageSquareText, Share2 } from "lucide-react";
import { type AnchorHTMLAttributes, type ButtonHTMLAttributes, useState } from "react";
import { useConfirm } from "#client/components/ui/confirm-dialog.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { cn } from "#client/lib/cn.ts";
import { useIntlLocale } from "#client/lib/i18n.tsx";
import { launchSms } from "#client/lib/sms-launch.ts";
import { toast } from "#client/lib/toast.tsx";
import { showActionError } from "#client/lib/unauthorized.ts";
import { formatMoney } from "#shared/money.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { smsLink } from "#shared/sms.ts";
import { useCancelRequest, useRemindRequest, useTextAgain } from "./api";
import { canRemind } from "./reminder";
import { ScheduleDialog } from "./schedule-dialog";
import { shareContent } from "./share";
import { SharePanel } from "./share-panel";

const TONES = {
  neutral: "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
  danger: "text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/60",
} as const;

type ToolButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  icon: LucideIcon;
  busy?: boolean;
  tone?: keyof typeof TONES;
};

const toolClass = (tone: keyof typeof TONES) =>
  cn(
    // A word longer than a quarter of a phone ("Compartilhar", "Erinnerungen") breaks, hyphenated
    // where the browser knows the language, instead of widening the card past the screen.
    "inline-flex min-h-11 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl px-2 py-1.5 text-center text-xs font-semibold hyphens-auto wrap-anywhere transition-colors",
    "sm:flex-none sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600",
    "disabled:pointer-events-none disabled:opacity-60",
    TONES[tone],
  );

/** A quiet toolbar button: icon over label on phones (three fit in 320 px), side by side from `sm`. */
export function ToolButton({
  icon: Icon,
  busy = false,
  tone = "neutral",
  children,
  ...props
}: ToolButtonProps) {
  return (
    <button type="button" className={toolClass(tone)} {...props}>
      {busy ? <Spinner /> : <Icon aria-hidden="true" className="size-4 shrink-0" />}
      {children}
    </button>
  );
}

/** A download in the same toolbar (a receipt): a link the browser saves, looking like its buttons. */
export function ToolDownload({
  icon: Icon,
  children,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { icon: LucideIcon; href: string }) {
  return (
    <a download className={toolClass("neutral")} {...props}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </a>
  );
}

type RequestToolsProps = { request: PaymentRequest; describedBy: string };

/**
 * Share, Text again (until a day has passed) or Remind (after), Reminders (its due date and
 * schedule) and Cancel for a pending request, the same on Home and Archive. Kept apart from Mark Paid so the main action stays
 * uncrowded. Text again is for the text that never went (the composer did not open, or was
 * dismissed): the same words as when the request was made.
 */
export function RequestTools({ request, describedBy }: RequestToolsProps) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const [sharing, setSharing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const remind = useRemindRequest();
  const textAgain = useTextAgain();
  const cancel = useCancelRequest();
  const { confirm, dialog } = useConfirm();
  const busy = remind.isPending || cancel.isPending || textAgain.isPending;
  // A reminder that fell due for the requester (no payer email) offers "Text reminder" at once.
  const reminderDue = request.status === "pending" && request.reminders.state === "due";
  const remindable = reminderDue || canRemind(request, new Date());

  /** Opens the composer with the text the server prepared, or offers the link where this device cannot text. */
  const sendText =
    (
      mutation: typeof remind | typeof textAgain,
      words: { title: string; ready: string; shareHint?: string; failed: string },
    ) =>
    () =>
      mutation.mutate(request.id, {
        onSuccess: ({ request: sent, smsMessage }) => {
          if (launchSms(smsLink(sent.recipientPhone, smsMessage))) {
            toast({ title: words.title, description: words.ready });
            return;
          }
          // This device cannot text: the link to share is the request.
          setSharing(true);
          if (words.shareHint) toast({ title: words.title, description: words.shareHint });
        },
        onError: (error) => showActionError(error, { title: i18n._("Error"), description: words.failed }),
      });
  const onTextAgain = sendText(textAgain, {
    title: i18n._("Text ready"),
    ready: i18n._("Your text message app has the request again."),
    failed: i18n._("Failed to prepare the text. Please try again."),
  });
  const onRemind = sendText(remind, {
    title: i18n._("Reminder ready"),
    ready: i18n._("Your text message app has the reminder."),
    shareHint: i18n._("Share the link again to remind them."),
    failed: i18n._("Failed to prepare the reminder. Please try again."),
  });
  const amount = formatMoney(request.amount, request.currency, locale);

  const onCancel = () =>
    confirm({
      question: i18n._("Cancel this payment request? Its link will then say nothing is owed."),
      detail: i18n._("{amount} from {name}", { amount, name: request.recipientName }),
      confirmLabel: i18n._("Cancel request"),
      dismissLabel: i18n._("Keep request"),
      destructive: true,
      onConfirm: cancelRequest,
    });

  // Through the promise, not mutate's callbacks: the list reloads before those run, the card is
  // then cancelled and these tools are gone, and TanStack Query drops the callbacks of an
  // unmounted caller (CI saw the request cancelled with no toast).
  const cancelRequest = () =>
    cancel.mutateAsync(request.id).then(
      () =>
        toast({
          title: i18n._("Request cancelled"),
          description: i18n._("{amount} from {name}.", { amount, name: request.recipientName }),
        }),
      (error: unknown) =>
        showActionError(error, {
          title: i18n._("Error"),
          description: i18n._("Failed to cancel the request. Please try again."),
        }),
    );

  return (
    <>
      <ToolButton icon={Share2} aria-describedby={describedBy} onClick={() => setSharing(true)}>
        {i18n._("Share")}
      </ToolButton>
      {remindable ? null : (
        <ToolButton
          icon={MessageSquareText}
          busy={textAgain.isPending}
          disabled={busy}
          aria-describedby={describedBy}
          onClick={onTextAgain}
        >
          {i18n._("Text again")}
        </ToolButton>
      )}
      {remindable ? (
        <ToolButton
          icon={BellRing}
          busy={remind.isPending}
          disabled={busy}
          aria-describedby={describedBy}
          onClick={onRemind}
          data-remind-for={request.id}
        >
          {reminderDue ? i18n._("Text reminder") : i18n._("Remind")}
        </ToolButton>
      ) : null}
      <ToolButton
        icon={CalendarClock}
        aria-label={i18n._("Due date and reminders")}
        aria-describedby={describedBy}
        onClick={() => setScheduling(true)}
      >
        {i18n._("Reminders")}
      </ToolButton>
      <ToolButton
        icon={Ban}
        tone="danger"
        busy={cancel.isPending}
        disabled={busy}
        aria-label={i18n._("Cancel request")}
        aria-describedby={describedBy}
        onClick={onCancel}
      >
        {i18n._("Cancel")}
      </ToolButton>
      {dialog}
      {scheduling ? <ScheduleDialog request={request} onClose={() => setScheduling(false)} /> : null}
      {sharing ? (
        <Dialog
          title={i18n._("Share request")}
          description={i18n._("{amount} from {name}", { amount, name: request.recipientName })}
          onClose={() => setSharing(false)}
        >
          <SharePanel content={shareContent(request, i18n)} />
        </Dialog>
      ) : null}
    </>
  );
}
