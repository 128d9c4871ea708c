import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { safeReturnTo } from "../../../shared/return-to";
import { Card, CardContent } from "../../components/ui/card";
import { Logo } from "../../components/ui/logo";
import { LoadingBlock } from "../../components/ui/spinner";
import { useUser } from "../../lib/user";
import { paths } from "../../paths";
import { useSignInOptions } from "./api";
import { CredentialsForm } from "./credentials-form";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { SignInAlternatives } from "./sign-in-alternatives";
import { providerErrorMessage } from "./sign-in-errors";
import { isReturningBrowser, modeHref, signInMode } from "./sign-in-mode";

/** Where to go once signed in: a same-origin path from ?returnTo=, never back to this page. */
function returnTarget(search: string): string {
  const target = safeReturnTo(new URLSearchParams(search).get("returnTo"));
  return target === paths.signIn || target.startsWith(`${paths.signIn}?`) ? paths.home : target;
}

const VIEWS = {
  "sign-up": {
    title: "Create your account",
    lead: "Your email and a password of at least 8 characters.",
    switchText: "Already have an account?",
    switchLink: "Sign in",
    other: "sign-in",
  },
  "sign-in": {
    title: "Welcome back",
    lead: "Use your email and password to continue.",
    switchText: "New to Collect?",
    switchLink: "Create an account",
    other: "sign-up",
  },
} as const;

/** "Create your account" for newcomers, "Welcome back" for returning users; reached through /api/login. */
export default function SignInPage() {
  const search = useSearch();
  const target = returnTarget(search);
  const [returning] = useState(isReturningBrowser);
  const mode = signInMode(search, returning);
  const view = VIEWS[mode];
  const options = useSignInOptions();
  const { user, isLoading } = useUser();
  const navigating = useRef(false);
  const providerError = providerErrorMessage(new URLSearchParams(search).get("error"));

  useEffect(() => {
    // Already signed in: nothing to do here. A full load so server routes in returnTo work too.
    if (user && !navigating.current) window.location.replace(target);
  }, [user, target]);

  if (isLoading || (user && !navigating.current)) return <LoadingBlock className="min-h-dvh" />;

  const onSignedIn = () => {
    navigating.current = true;
    window.location.assign(target);
  };

  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-emerald-50 to-slate-50 px-4 dark:from-emerald-950 dark:to-slate-950 py-10 sm:justify-center">
      <a
        href={paths.home}
        className="mb-8 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-emerald-600"
      >
        <Logo size="lg" />
      </a>
      <Card className="w-full max-w-sm">
        <CardContent className="space-y-6">
          <div className="space-y-1 text-center">
            <h1 className="text-xl font-bold text-slate-900 dark:text-white">{view.title}</h1>
            {options.password ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{view.lead}</p>
            ) : null}
          </div>
          {options.password ? (
            <CredentialsForm mode={mode} initialError={providerError} onSignedIn={onSignedIn} />
          ) : providerError ? (
            <p role="alert" className="text-sm text-red-800 dark:text-red-200">
              {providerError}
            </p>
          ) : null}
          <SignInAlternatives options={options} returnTo={target} />
          <PasskeySignInButton target={target} />
          {options.password ? (
            <p className="text-center text-sm text-slate-600 dark:text-slate-400">
              {view.switchText}{" "}
              <Link
                href={modeHref(search, view.other)}
                className="font-semibold text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-300"
              >
                {view.switchLink}
              </Link>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
