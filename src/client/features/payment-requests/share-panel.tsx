import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Copy, Download, Share2 } from "lucide-react";
import { useId } from "react";
import { Button, buttonClass } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { cn } from "#client/lib/cn.ts";
import { useQrCode } from "#client/lib/qr-code.ts";
import { toast } from "#client/lib/toast.tsx";
import type { ShareContent } from "./share";

async function copyLink(url: string, i18n: I18n) {
  try {
    // Missing outside secure contexts (plain http on another host), hence the optional call.
    if (!navigator.clipboard) throw new Error("Clipboard unavailable");
    await navigator.clipboard.writeText(url);
    toast({ title: i18n._("Link copied"), description: url });
  } catch {
    toast({
      title: i18n._("Couldn't copy the link"),
      description: i18n._("Select the link above and copy it yourself."),
      variant: "destructive",
    });
  }
}

async function shareLink(content: ShareContent, i18n: I18n) {
  try {
    await navigator.share(content);
  } catch (error) {
    // Closing the share sheet is not a failure.
    if (error instanceof DOMException && error.name === "AbortError") return;
    toast({
      title: i18n._("Couldn't share the link"),
      description: i18n._("Copy the link and send it yourself."),
      variant: "destructive",
    });
  }
}

/**
 * Sharing without a phone: the payment link to copy, hand to the system share sheet
 * (where the browser has one), or scan as a QR code drawn on this device.
 */
export function SharePanel({ content, className }: { content: ShareContent; className?: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const qr = useQrCode(content.url);
  const canShare = typeof navigator.share === "function";
  return (
    <div className={cn("space-y-4", className)}>
      <div>
        <Label htmlFor={`${id}-link`}>{i18n._("Payment link")}</Label>
        <Input
          id={`${id}-link`}
          readOnly
          value={content.url}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1.5 font-mono text-sm"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button className="flex-1" onClick={() => void copyLink(content.url, i18n)}>
          <Copy aria-hidden="true" />
          {i18n._("Copy link")}
        </Button>
        {canShare ? (
          <Button variant="secondary" className="flex-1" onClick={() => void shareLink(content, i18n)}>
            <Share2 aria-hidden="true" />
            {i18n._("Share…")}
          </Button>
        ) : null}
      </div>
      <figure className="flex flex-col items-center gap-3">
        {/* Always dark on white, whatever the colour scheme, so every camera can read it. */}
        <div className="grid size-64 max-w-full place-items-center rounded-2xl bg-white p-2 ring-1 ring-slate-200 dark:ring-slate-700">
          {qr.status === "ready" ? (
            <img
              src={qr.dataUrl}
              alt={i18n._("QR code for the payment link")}
              data-qr-url={content.url}
              width={240}
              height={240}
              className="size-full object-contain"
            />
          ) : qr.status === "loading" ? (
            <div aria-busy="true" className="size-full animate-pulse rounded-xl bg-slate-100">
              <span className="sr-only">{i18n._("Drawing the QR code…")}</span>
            </div>
          ) : (
            <p className="px-4 text-center text-sm text-slate-600">
              {i18n._("The QR code couldn't be drawn.")}
            </p>
          )}
        </div>
        <figcaption className="text-center text-sm text-slate-600 dark:text-slate-400">
          {i18n._("Scan with a phone camera to open the link.")}
        </figcaption>
        {qr.status === "ready" ? (
          <a
            href={qr.dataUrl}
            download="collect-request.png"
            className={cn(buttonClass("secondary"), "w-full sm:w-auto")}
          >
            <Download aria-hidden="true" />
            {i18n._("Download QR code")}
          </a>
        ) : null}
      </figure>
    </div>
  );
}
