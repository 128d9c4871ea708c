import { useLingui } from "@lingui/react";
import { Link } from "wouter";
import { paths } from "#client/lib/paths.ts";

/** Under the password field of the sign-in page. */
export function ForgotPasswordLink() {
  const { i18n } = useLingui();
  return (
    <p className="text-end text-sm">
      <Link
        href={paths.forgotPassword}
        className="-my-2 inline-flex min-h-11 items-center rounded font-medium text-emerald-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400"
      >
        {i18n._("Forgot password?")}
      </Link>
    </p>
  );
}
