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
  const { data: passkeys } = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const { confirm, dialog } = useConfirm();
  const supported = typeof window !== "undefined" && Boolean(window.PublicKeyCredential);

  return (
    <section aria-labelledby="passkeys-heading" className="space-y-3">
      <h3 id="passkeys-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        Passkeys
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Sign in with your fingerprint, face or screen lock instead of your password.
      </p>
      {passkeys && passkeys.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
          {passkeys.map((key) => (
            <li key={key.id} className="flex items-center gap-3 p-3">
              <KeyRound aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">{key.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Added {formatRequestDate(key.createdAt)}
                  {key.lastUsedAt ? `, last used ${formatRequestDate(key.lastUsedAt)}` : ""}
                </p>
              </div>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Remove passkey ${key.name}`}
                disabled={remove.isPending}
                onClick={() =>
                  // One tap on a small icon would otherwise take away a way to sign in.
                  confirm({
                    question: `Remove the passkey ${key.name}?`,
                    confirmLabel: "Remove",
                    destructive: true,
                    onConfirm: () =>
                      remove.mutate(key.id, {
                        onSuccess: () => toast({ title: "Passkey removed", description: key.name }),
                        onError: (error) => showMutationError("Passkey not removed", error),
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
              onSuccess: () => toast({ title: "Passkey added", description: "You can sign in with it now." }),
              onError: (error) => {
                if (error instanceof Error && error.name === "NotAllowedError") return;
                showMutationError("Passkey not added", error);
              },
            })
          }
        >
          {add.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
          Add a passkey
        </Button>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">This browser cannot make passkeys.</p>
      )}
      {dialog}
    </section>
  );
}
