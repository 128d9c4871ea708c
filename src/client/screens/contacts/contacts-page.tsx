import { useLingui } from "@lingui/react";
import { Pencil, Send, Trash2, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { LoadMore } from "#client/components/load-more.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { useConfirm } from "#client/components/ui/confirm-dialog.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { LoadError } from "#client/components/ui/load-error.tsx";
import { PageHeader } from "#client/components/ui/page-header.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useInputRegion } from "#client/features/account/input-region.tsx";
import { useDeletePayee, usePayeePages } from "#client/features/payees/api.ts";
import { storeContactHandoff } from "#client/features/payees/contact-handoff.ts";
import { apiErrorMessage } from "#client/lib/api.ts";
import { pageItems } from "#client/lib/pages.ts";
import { paths } from "#client/lib/paths.ts";
import { toast } from "#client/lib/toast.tsx";
import { showActionError } from "#client/lib/unauthorized.ts";
import { formatPhone } from "#shared/phone.ts";
import type { Payee } from "#shared/schemas/payee.ts";
import { US_INPUT } from "#shared/schemas/payment-request.ts";
import { ContactDialog } from "./contact-dialog";
import { initials } from "./initials";

/** /contacts (docs/product.md "Contacts"): saved contacts, each one tap away from a new request. */
export default function ContactsPage() {
  const { i18n } = useLingui();
  const payees = usePayeePages();
  const list = pageItems(payees.data);
  const [adding, setAdding] = useState(false);
  // A number outside the US is checked by its country's rules once they load (US until then).
  const region = useInputRegion() ?? US_INPUT;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={i18n._("Contacts")}
        description={i18n._("People you've saved for quick payment requests.")}
        action={
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" />
            {i18n._("Add contact")}
          </Button>
        }
      />
      {adding ? <ContactDialog region={region} onClose={() => setAdding(false)} /> : null}
      {payees.isPending ? (
        <ContactListSkeleton />
      ) : payees.isError ? (
        <LoadError
          message={i18n._("We couldn't load your contacts. {reason}", {
            reason: i18n._(apiErrorMessage(payees.error)),
          })}
          onRetry={() => void payees.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Users}
          title={i18n._("No Contacts Yet")}
          text={i18n._("Tick “Save contact” when you request a payment and the person will appear here.")}
          action={
            <Button asChild className="w-full sm:w-auto">
              <Link href={paths.request}>
                <Send aria-hidden="true" />
                {i18n._("Create Payment Request")}
              </Link>
            </Button>
          }
        />
      ) : (
        <>
          <ContactList payees={list} />
          <LoadMore pages={payees} end={i18n._("That's every contact.")} />
        </>
      )}
    </div>
  );
}

function ContactList({ payees }: { payees: Payee[] }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const remove = useDeletePayee();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<Payee | null>(null);
  const region = useInputRegion() ?? US_INPUT;

  const requestFrom = (payee: Payee) => {
    storeContactHandoff({ name: payee.name, phone: payee.phone, language: payee.language });
    navigate(paths.request);
  };

  const onDelete = (payee: Payee) =>
    confirm({
      question: i18n._("Are you sure you want to delete {name}?", { name: payee.name }),
      confirmLabel: i18n._("Delete"),
      destructive: true,
      onConfirm: () => deletePayee(payee),
    });

  const deletePayee = (payee: Payee) =>
    remove.mutate(payee.id, {
      onSuccess: () =>
        toast({
          title: i18n._("Contact Deleted"),
          description: i18n._("{name} was removed from your contacts.", { name: payee.name }),
        }),
      // The delete-failure toast of docs/product.md "Contacts".
      onError: (error) =>
        showActionError(error, {
          title: i18n._("Error"),
          description: i18n._("Failed to delete contact. Please try again."),
        }),
    });

  return (
    <Card>
      {dialog}
      {editing ? <ContactDialog payee={editing} region={region} onClose={() => setEditing(null)} /> : null}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {payees.map((payee) => {
          const deleting = remove.isPending && remove.variables === payee.id;
          return (
            <li
              key={payee.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-4 min-[360px]:px-4 sm:px-5"
            >
              <span
                aria-hidden="true"
                className="grid size-10 shrink-0 place-items-center rounded-full bg-emerald-100 text-sm font-semibold text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300"
              >
                {initials(payee.name)}
              </span>
              <div className="min-w-0 flex-1">
                {/* Their balance: everything open with them, and what they owe in all. A 44 px tap
                    target (py-3) that takes no more room than the line (-my-3); it truncates itself. */}
                <Link
                  href={paths.balanceOf(payee.phone)}
                  className="-my-3 block truncate py-3 font-semibold text-slate-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-slate-100"
                >
                  {payee.name}
                </Link>
                <p className="text-sm whitespace-nowrap text-slate-500 dark:text-slate-400">
                  {formatPhone(payee.phone)}
                </p>
              </div>
              <div className="flex w-full items-center gap-2 sm:w-auto">
                <Button
                  className="flex-1 sm:flex-none"
                  aria-label={i18n._("Request Payment from {name}", { name: payee.name })}
                  onClick={() => requestFrom(payee)}
                >
                  {/* Below 360 px the label and the two 44 px buttons fill the row: the label stays whole. */}
                  <Send aria-hidden="true" className="max-[359px]:hidden" />
                  {i18n._("Request Payment")}
                </Button>
                <Button
                  variant="secondary"
                  size="icon"
                  className="size-11"
                  aria-label={i18n._("Edit {name}", { name: payee.name })}
                  onClick={() => setEditing(payee)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="destructive"
                  size="icon"
                  className="size-11"
                  aria-label={i18n._("Delete {name}", { name: payee.name })}
                  disabled={remove.isPending}
                  onClick={() => onDelete(payee)}
                >
                  {deleting ? <Spinner /> : <Trash2 aria-hidden="true" />}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function ContactListSkeleton() {
  const { i18n } = useLingui();
  return (
    <Card aria-busy="true">
      <span className="sr-only">{i18n._("Loading your contacts…")}</span>
      <div aria-hidden="true" className="divide-y divide-slate-100 dark:divide-slate-800">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex animate-pulse items-center gap-3 p-4 sm:px-5">
            <div className="size-10 rounded-full bg-slate-200 dark:bg-slate-800" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-32 rounded bg-slate-200 dark:bg-slate-800" />
              <div className="h-3.5 w-24 rounded bg-slate-100 dark:bg-slate-800/60" />
            </div>
          </div>
        ))}
      </div>
    </Card>
  );
}
