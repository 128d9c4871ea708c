import { CircleAlert } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
import { safeReturnTo } from "../../../shared/return-to";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Logo } from "../../components/ui/logo";
import { LoadingBlock, Spinner } from "../../components/ui/spinner";
import { apiErrorDetails } from "../../lib/api";
import { useUser } from "../../lib/user";
import { paths } from "../../paths";
import { useSignIn, useSignUp } from "./api";
import { ForgotPasswordLink } from "./forgot-password-link";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { credentialsProblem, type SignInMode, signInErrorMessage } from "./sign-in-errors";

/** Where to go once signed in: a same-origin path from ?returnTo=, never back to this page. */
function returnTarget(search: string): string {
  const target = safeReturnTo(new URLSearchParams(search).get("returnTo"));
  return target === paths.signIn || target.startsWith(`${paths.signIn}?`) ? paths.home : target;
}

/** Email and password sign-in (DESIGN.md "Sign-in"), reached through /api/login. */
export default function SignInPage() {
  const search = useSearch();
  const target = returnTarget(search);
  const { user, isLoading } = useUser();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const navigating = useRef(false);
  const pending = signIn.isPending || signUp.isPending || done;

  useEffect(() => {
    // Already signed in: nothing to do here. A full load so server routes in returnTo work too.
    if (user && !navigating.current) window.location.replace(target);
  }, [user, target]);

  const submit = (mode: SignInMode) => {
    if (pending) return;
    const problem = credentialsProblem(mode, email, password);
    setError(problem);
    if (problem) return;
    const mutation = mode === "sign-in" ? signIn : signUp;
    mutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          navigating.current = true;
          setDone(true);
          window.location.assign(target);
        },
        onError: (failure) => setError(signInErrorMessage(apiErrorDetails(failure))),
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit("sign-in");
  };

  if (isLoading || (user && !navigating.current)) return <LoadingBlock className="min-h-dvh" />;

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
            <h1 className="text-xl font-bold text-slate-900 dark:text-white">Welcome back</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Use your email and password to continue.
            </p>
          </div>
          <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={pending}>
            <Field
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
            <Field
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
            <ForgotPasswordLink />
            {error ? (
              <div
                role="alert"
                className="flex gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-900"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>{error}</span>
              </div>
            ) : null}
            <div className="space-y-3 pt-1">
              <Button type="submit" className="w-full" disabled={pending}>
                {signIn.isPending || signIn.isSuccess ? <Spinner /> : null}
                Sign in
              </Button>
              <Button
                type="button"
                variant="secondary"
                className="w-full"
                disabled={pending}
                onClick={() => submit("sign-up")}
              >
                {signUp.isPending || signUp.isSuccess ? <Spinner /> : null}
                Create account
              </Button>
            </div>
          </form>
          <PasskeySignInButton target={target} />
          <p className="text-center text-xs text-slate-500 dark:text-slate-400">
            New to Collect? Enter your email and a password of at least 8 characters to make an account.
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
