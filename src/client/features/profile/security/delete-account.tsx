import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Form } from "../../../components/ui/form";
import { Spinner } from "../../../components/ui/spinner";
import { apiErrorDetails } from "../../../lib/api";
import { leaveWithNotice } from "../../../lib/arrival-notice";
import { serverPaths } from "../../../paths";
import { useDeleteAccount } from "./api";

/** Download my data, and Delete account behind a confirm that asks for the password. */
export function DataAndDeletion({ hasPassword }: { hasPassword: boolean }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="data-heading" className="space-y-3">
      <h3 id="data-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        Your data
      </h3>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="secondary">
          <a href={serverPaths.exportAccount} download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </div>
      {confirming ? <DeleteDialog hasPassword={hasPassword} onClose={() => setConfirming(false)} /> : null}
    </section>
  );
}

function DeleteDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = () => {
    setError(null);
    remove.mutate(hasPassword ? password : undefined, {
      onSuccess: () => leaveWithNotice("accountDeleted", "/"),
      onError: (failure) => setError(apiErrorDetails(failure).message),
    });
  };
  return (
    <Dialog
      title="Delete your account?"
      description="Every request, contact, payment method, photo and device sign-in goes, and your pay links stop working. This cannot be undone."
      onClose={onClose}
    >
      <Form onSubmit={onSubmit} className="mt-4 space-y-4">
        {hasPassword ? (
          <Field
            label="Your password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            aria-invalid={error ? true : undefined}
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            For your safety this works within 10 minutes of signing in.
          </p>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Keep my account
          </Button>
          <Button type="submit" variant="destructive" disabled={remove.isPending || remove.isSuccess}>
            {remove.isPending ? <Spinner /> : null}
            Delete my account
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
