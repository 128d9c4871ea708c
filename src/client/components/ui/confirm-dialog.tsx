import { useLingui } from "@lingui/react";
import { type ReactNode, useState } from "react";
import { flushSync } from "react-dom";
import { Button } from "./button";
import { Dialog } from "./dialog";

export type ConfirmRequest = {
  /** The question, word for word where docs/product.md gives it. */
  question: string;
  /** Under the question: what it acts on ("$40.00 from Sam Lee"), so nobody confirms the wrong one. */
  detail?: string;
  confirmLabel: string;
  /** The way out; "Cancel" unless that would be ambiguous (cancelling a request). */
  dismissLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
};

/**
 * The app's own confirm instead of `window.confirm`: styled like the rest, announced as a modal
 * dialog, Esc or the dismiss button says no, and focus starts on the safe choice.
 */
export function useConfirm(): { confirm: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const { i18n } = useLingui();
  const close = () => setRequest(null);
  const dialog = request ? (
    <Dialog title={request.question} description={request.detail} onClose={close}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" data-autofocus onClick={close}>
          {request.dismissLabel ?? i18n._("Cancel")}
        </Button>
        <Button
          variant={request.destructive ? "destructive" : "primary"}
          onClick={() => {
            // Close first, so focus is back on the opener before the action changes the page.
            flushSync(close);
            request.onConfirm();
          }}
        >
          {request.confirmLabel}
        </Button>
      </div>
    </Dialog>
  ) : null;
  return { confirm: setRequest, dialog };
}
