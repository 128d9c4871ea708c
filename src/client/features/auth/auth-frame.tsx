import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { Logo } from "#client/components/ui/logo.tsx";
import { paths } from "#client/lib/paths.ts";

/** The signed-out frame of the sign-in and recovery pages: logo, one card, a heading and a line under it. */
export function AuthFrame({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-emerald-50 to-slate-50 px-4 py-10 sm:justify-center dark:from-emerald-950 dark:to-slate-950">
      <a
        href={paths.home}
        className="mb-8 inline-flex min-h-11 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-emerald-600"
      >
        <Logo size="lg" />
      </a>
      <Card className="w-full max-w-sm">
        <CardContent className="space-y-6">
          <div className="space-y-1 text-center">
            <h1 className="text-xl font-bold text-slate-900 dark:text-white">{title}</h1>
            {lead ? <p className="text-sm text-slate-600 dark:text-slate-400">{lead}</p> : null}
          </div>
          {children}
        </CardContent>
      </Card>
    </main>
  );
}

/**
 * A sentence in the frame: an error (role=alert) or a confirmation (role=status); `id` lets the
 * fields it is about point at it (aria-describedby).
 */
export function FrameNotice({
  kind,
  id,
  children,
}: {
  kind: "error" | "done";
  id?: string;
  children: ReactNode;
}) {
  return kind === "error" ? (
    <div
      id={id}
      role="alert"
      className="flex gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-900"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </div>
  ) : (
    <p
      role="status"
      className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-100 dark:ring-emerald-900"
    >
      {children}
    </p>
  );
}

/** The one quiet link under a frame's form ("Back to sign in", "Send a new link"). */
export function FrameLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="text-center text-sm">
      <Link
        href={href}
        className="inline-flex min-h-11 items-center font-medium text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-400"
      >
        {children}
      </Link>
    </p>
  );
}
