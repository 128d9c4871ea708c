import { Trans } from "@lingui/react";
import { WifiOff } from "lucide-react";
import { useOffline } from "#client/lib/connection.ts";

/**
 * "You're offline" across the top of every screen while Collect cannot be reached
 * (docs/decisions/025-offline.md). The live region stays mounted so its text is announced when it appears; nothing
 * here is focusable, so the skip link stays the first stop for the keyboard.
 */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <div role="status" data-banner="offline">
      {offline ? (
        <p className="flex items-center justify-center gap-2 bg-slate-900 px-4 py-2 text-center text-sm text-white dark:bg-amber-100 dark:text-slate-950">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <Trans
              id="<0>You're offline.</0> Collect will update when you're back online."
              components={{ 0: <strong /> }}
            />
          </span>
        </p>
      ) : null}
    </div>
  );
}
