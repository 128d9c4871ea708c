import { type ReactNode, Suspense } from "react";
import { MAIN_ID, SkipLink } from "#client/components/skip-link.tsx";
import { LoadingBlock } from "#client/components/ui/spinner.tsx";
import { AppNav } from "./app-nav";
import { EmailBanner } from "./email-banner";
import { TimeZoneReport } from "./time-zone-report";

/** Signed-in pages: navigation plus a centred column, padded above the phone tab bar. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <TimeZoneReport />
      <AppNav />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl px-4 pt-6 pb-28 focus:outline-none md:pt-10 md:pb-16"
      >
        <EmailBanner />
        <Suspense fallback={<LoadingBlock />}>{children}</Suspense>
      </main>
    </div>
  );
}

/** Pages without navigation (landing, sign-in, setup, pay, not found when signed out). */
export function PlainShell({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingBlock className="min-h-dvh" />}>
      <div className="min-h-dvh">{children}</div>
    </Suspense>
  );
}
