import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { LoadingBlock } from "#client/components/ui/spinner.tsx";
import { useSignInOptions } from "#client/features/auth/api.ts";
import { AuthFrame, FrameNotice } from "#client/features/auth/auth-frame.tsx";
import { providerErrorMessage } from "#client/features/auth/sign-in-errors.ts";
import { isReturningBrowser, modeHref, signInMode } from "#client/features/auth/sign-in-mode.ts";
import { useUser } from "#client/features/auth/user.ts";
import { leavePage } from "#client/lib/leave-page.ts";
import { paths } from "#client/lib/paths.ts";
import { PASSWORD_MIN_LENGTH } from "#shared/input-limits.ts";
import { safeReturnTo } from "#shared/return-to.ts";
import { CredentialsForm } from "./credentials-form";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { SignInAlternatives } from "./sign-in-alternatives";

/** Where to go once signed in: a same-origin path from ?returnTo=, never back to this page. */
function returnTarget(search: string): string {
  const target = safeReturnTo(new URLSearchParams(search).get("returnTo"));
  return target === paths.signIn || target.startsWith(`${paths.signIn}?`) ? paths.home : target;
}

/** Each view's words, as message ids (`lead` reads `{min}`, the shortest password): shown through `i18n._`. */
export const SIGN_IN_VIEWS = {
  "sign-up": {
    title: /*i18n*/ "Create your account",
    lead: /*i18n*/ "Your email and a password of at least {min} characters.",
    switchText: /*i18n*/ "Already have an account?",
    switchLink: /*i18n*/ "Sign in",
    other: "sign-in",
  },
  "sign-in": {
    title: /*i18n*/ "Welcome back",
    lead: /*i18n*/ "Use your email and password to continue.",
    switchText: /*i18n*/ "New to Collect?",
    switchLink: /*i18n*/ "Create an account",
    other: "sign-up",
  },
} as const;

/** "Create your account" for newcomers, "Welcome back" for returning users; reached through /api/login. */
export default function SignInPage() {
  const { i18n } = useLingui();
  const search = useSearch();
  const target = returnTarget(search);
  const [returning] = useState(isReturningBrowser);
  const mode = signInMode(search, returning);
  const view = SIGN_IN_VIEWS[mode];
  const options = useSignInOptions();
  const { user, isLoading } = useUser();
  const navigating = useRef(false);
  const providerError = providerErrorMessage(new URLSearchParams(search).get("error"));

  useEffect(() => {
    // Already signed in: nothing to do here. A full load so server routes in returnTo work too.
    if (user && !navigating.current) leavePage(target, "replace");
  }, [user, target]);

  if (isLoading || (user && !navigating.current)) return <LoadingBlock className="min-h-dvh" />;

  const onSignedIn = () => {
    navigating.current = true;
    leavePage(target);
  };

  return (
    <AuthFrame
      title={i18n._(view.title)}
      lead={options.password ? i18n._(view.lead, { min: PASSWORD_MIN_LENGTH }) : undefined}
    >
      {options.password ? (
        <CredentialsForm mode={mode} initialError={providerError} onSignedIn={onSignedIn} />
      ) : providerError ? (
        <FrameNotice kind="error">{i18n._(providerError)}</FrameNotice>
      ) : null}
      <SignInAlternatives options={options} returnTo={target} />
      {/* A newcomer has no passkey yet: offered on sign-in only. */}
      {mode === "sign-in" ? <PasskeySignInButton target={target} /> : null}
      {options.password ? (
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          {i18n._(view.switchText)}{" "}
          <Link
            href={modeHref(search, view.other)}
            className="inline-flex min-h-11 items-center font-semibold text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-300"
          >
            {i18n._(view.switchLink)}
          </Link>
        </p>
      ) : null}
    </AuthFrame>
  );
}
