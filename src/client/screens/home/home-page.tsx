import { useLingui } from "@lingui/react";
import { Send } from "lucide-react";
import { Link } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { displayName, useUser } from "#client/features/auth/user.ts";
import { paths } from "#client/lib/paths.ts";
import { HomeTotals } from "./home-totals";
import { RecentRequests } from "./recent-requests";

/**
 * Signed-in home (docs/product.md "Home"). On a phone the "Ready to collect?" hero is compact, so
 * the totals and the first requests are on the first screen.
 */
export default function HomePage() {
  const { user } = useUser();
  const { i18n } = useLingui();
  return (
    <>
      <section className="overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-600 to-emerald-800 p-5 text-white shadow-sm md:p-10 dark:from-emerald-700 dark:to-emerald-950 dark:ring-1 dark:ring-emerald-800">
        {/* The greeting and the recurring link share the top line, so the hero stays short on a phone. */}
        <div className="flex flex-wrap items-center justify-between gap-x-4">
          <p className="min-w-0 text-sm font-medium [overflow-wrap:anywhere] text-emerald-100">
            {user ? i18n._("Hi, {name}", { name: displayName(user) }) : null}
          </p>
          <Link
            href={paths.recurring}
            className="-my-3 inline-flex min-h-11 items-center text-sm font-medium text-emerald-50 underline underline-offset-4 hover:text-white"
          >
            {i18n._("Recurring requests")}
          </Link>
        </div>
        <h1 className="text-2xl font-bold tracking-tight sm:mt-1 sm:text-3xl md:text-4xl">
          {i18n._("Ready to collect?")}
        </h1>
        {/* The line under the heading is for larger screens; on a phone the requests come first. */}
        <p className="mt-2 hidden max-w-md text-emerald-50/90 sm:block">
          {i18n._("Send a request by text. Your friend taps the link and pays with their favorite app.")}
        </p>
        <Button asChild variant="secondary" size="lg" className="mt-3 w-full sm:mt-6 sm:w-auto">
          <Link href={paths.request}>
            <Send aria-hidden="true" />
            {i18n._("Request Payment")}
          </Link>
        </Button>
      </section>
      <HomeTotals />
      <RecentRequests />
    </>
  );
}
