import { useLingui } from "@lingui/react";
import { MessageSquareText } from "lucide-react";
import type { MessagePreview } from "./message-preview";

/** The text exactly as the composer will get it, the link's code still to be made. */
export function MessagePreviewBox({ preview, id }: { preview: MessagePreview | null; id: string }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-slate-50 p-3.5 dark:bg-slate-900">
      <h2
        id={id}
        className="flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        <MessageSquareText aria-hidden="true" className="size-4" />
        {i18n._("Text message")}
      </h2>
      {preview ? (
        <>
          <p
            data-testid="message-preview"
            className="mt-2 text-sm wrap-anywhere text-slate-900 dark:text-slate-100"
          >
            {preview.text}
            <span className="font-mono text-emerald-700 dark:text-emerald-400">
              {preview.linkBase}
              <span aria-hidden="true">…</span>
              <span className="sr-only">{i18n._("(your link)")}</span>
            </span>
          </p>
          <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
            {i18n._("{segments, plural, =1 {Fits in one text.} other {Sends as # texts.}}", {
              segments: preview.segments,
            })}
            {preview.segments > 1 && preview.encoding === "UCS-2"
              ? ` ${i18n._("Emoji and some letters take more room.")}`
              : null}
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          {i18n._("Enter a name and an amount to see the text they'll get.")}
        </p>
      )}
    </section>
  );
}
