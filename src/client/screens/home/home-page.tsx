import { Send } from "lucide-react";
import { Link } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { displayName, useUser } from "#client/features/auth/user.ts";
import { paths } from "#client/lib/paths.ts";
import { RecentRequests } from "./recent-requests";

/** Signed-in home (docs/product.md "Home"). */
export default function HomePage() {
  const { user } = useUser();
  return (
    <>
      <section className="overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-600 to-emerald-800 p-6 text-white shadow-sm md:p-10 dark:from-emerald-700 dark:to-emerald-950 dark:ring-1 dark:ring-emerald-800">
        {user ? <p className="text-sm font-medium text-emerald-100">Hi, {displayName(user)}</p> : null}
        <h1 className="mt-1 text-3xl font-bold tracking-tight md:text-4xl">Ready to collect?</h1>
        <p className="mt-2 max-w-md text-emerald-50/90">
          Send a request by text. Your friend taps the link and pays with their favorite app.
        </p>
        <Button asChild variant="secondary" size="lg" className="mt-6 w-full sm:w-auto">
          <Link href={paths.request}>
            <Send aria-hidden="true" />
            Request Payment
          </Link>
        </Button>
        <Link
          href={paths.recurring}
          className="mt-4 block text-sm font-medium text-emerald-50 underline underline-offset-4 hover:text-white sm:ml-4 sm:inline-block"
        >
          Recurring requests
        </Link>
      </section>
      <RecentRequests />
    </>
  );
}
