import { useLingui } from "@lingui/react";
import { KeyRound, Trash2 } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { useConfirm } from "#client/components/ui/confirm-dialog.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useAddPasskey, usePasskeys, useRemovePasskey } from "#client/features/account/api.ts";
import { formatRequestDate } from "#client/lib/format-date.ts";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";

/** Passkeys: sign in with the phone's or computer's lock instead of a password. */
export function PasskeysList() {
  const { i18n } = useLingui();
  const { data: passkeys } = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const { confirm, dialog } = useConfirm();
  const supported = typeof window !== "undefined" && Boolean(window.PublicKeyCredential);

  return (
    <section aria-labelledby="passkeys-heading" className="space-y-3">
      <h3 id="passkeys-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        {i18n._("Passkeys")}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {i18n._("Sign in with your fingerprint, face or screen lock instead of your password.")}
      </p>
      {passkeys && passkeys.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
          {passkeys.map((key) => (
            <li key={key.id} className="flex items-center gap-3 p-3">
              <KeyRound aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">{key.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {key.lastUsedAt
                    ? i18n._("Added {added}, last used {used}", {
                        added: formatRequestDate(key.createdAt, undefined, undefined, i18n),
                        used: formatRequestDate(key.lastUsedAt, undefined, undefined, i18n),
                      })
                    : i18n._("Added {added}", {
                        added: formatRequestDate(key.createdAt, undefined, undefined, i18n),
                      })}
                </p>
              </div>
              <Button
                size="icon"
                variant="ghost"
                aria-label={i18n._("Remove passkey {name}", { name: key.name })}
                disabled={remove.isPending}
                onClick={() =>
                  // One tap on a small icon would otherwise take away a way to sign in.
                  confirm({
                    question: i18n._("Remove the passkey {name}?", { name: key.name }),
                    confirmLabel: i18n._("Remove"),
                    destructive: true,
                    onConfirm: () =>
                      remove.mutate(key.id, {
                        onSuccess: () => toast({ title: i18n._("Passkey removed"), description: key.name }),
                        onError: (error) => showMutationError(i18n._("Passkey not removed"), error),
                      }),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {supported ? (
        <Button
          variant="secondary"
          disabled={add.isPending}
          onClick={() =>
            add.mutate(undefined, {
              onSuccess: () =>
                toast({
                  title: i18n._("Passkey added"),
                  description: i18n._("You can sign in with it now."),
                }),
              onError: (error) => {
                if (error instanceof Error && error.name === "NotAllowedError") return;
                showMutationError(i18n._("Passkey not added"), error);
              },
            })
          }
        >
          {add.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
          {i18n._("Add a passkey")}
        </Button>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._("This browser cannot make passkeys.")}
        </p>
      )}
      {dialog}
    </section>
  );
}
