import { useLingui } from "@lingui/react";
import { MapPinOff } from "lucide-react";
import { Link } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { paths } from "#client/lib/paths.ts";

/** Any unknown path. */
export default function NotFoundPage() {
  const { i18n } = useLingui();
  return (
    <div className="flex flex-col items-center px-4 py-20 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-400/10 dark:text-emerald-400">
        <MapPinOff aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900 dark:text-white">
        {i18n._("404 Page Not Found")}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {i18n._("The page you're looking for doesn't exist or has moved.")}
      </p>
      <Button asChild variant="secondary" className="mt-6">
        <Link href={paths.home}>{i18n._("Go to home")}</Link>
      </Button>
    </div>
  );
}
