import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { type ComponentType, type LazyExoticComponent, type ReactNode, useEffect } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { AppShell, PlainShell } from "#client/app/layout/app-shell.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Logo } from "#client/components/ui/logo.tsx";
import { LoadingBlock } from "#client/components/ui/spinner.tsx";
import { userQueryOptions, useUser } from "#client/features/auth/user.ts";
import { useLiveUpdates } from "#client/features/payment-requests/live-updates.ts";
import { useArrivalNotice } from "#client/lib/arrival-notice.ts";
import { useOffline } from "#client/lib/connection.ts";
import { useAppLocale } from "#client/lib/i18n.tsx";
import { type AppPath, paths } from "#client/lib/paths.ts";
import { redirectToLogin } from "#client/lib/unauthorized.ts";
import { LandingPage } from "#client/screens/landing/landing-page.tsx";
import * as Pages from "./lazy-pages";
import { documentTitle, signInTitle, useDocumentTitle } from "./page-titles";
import { type AuthState, decideRoute, type RouteDecision } from "./route-access";

const APP_PAGES: Record<AppPath, LazyExoticComponent<ComponentType>> = {
  [paths.request]: Pages.RequestPage,
  [paths.split]: Pages.SplitPage,
  [paths.contacts]: Pages.ContactsPage,
  [paths.balance]: Pages.BalancePage,
  [paths.recurring]: Pages.RecurringPage,
  [paths.archive]: Pages.ArchivePage,
  [paths.paymentMethods]: Pages.PaymentMethodsPage,
  [paths.profile]: Pages.ProfilePage,
  [paths.photo]: Pages.PhotoPage,
};

/**
 * Top-level routes: sign-in and sign-out first, then everything auth decides. /pay/{code} is rendered by the
 * server (shared/pay-page/pay-view.tsx) and never reaches this app.
 */
export function AppRoutes() {
  const { i18n } = useLingui();
  useArrivalNotice();
  useAppLocale(useQuery({ ...userQueryOptions, enabled: false }).data?.language);
  return (
    <Switch>
      <Route path={paths.signIn}>
        <Titled title={signInTitle(i18n)}>
          <PlainShell>
            <Pages.SignInPage />
          </PlainShell>
        </Titled>
      </Route>
      <Route path={paths.signOut}>
        <PlainShell>
          <Pages.SignOutPage />
        </PlainShell>
      </Route>
      <Route path={paths.forgotPassword}>
        <PlainShell>
          <Pages.ForgotPasswordPage />
        </PlainShell>
      </Route>
      <Route path={paths.resetPassword}>
        <PlainShell>
          <Pages.ResetPasswordPage />
        </PlainShell>
      </Route>
      <Route>
        <SessionRoutes />
      </Route>
    </Switch>
  );
}

function useAuthState(): AuthState {
  const { user, isLoading, isError } = useUser();
  const offline = useOffline();
  if (isLoading) return { kind: "loading" };
  if (isError) return { kind: "error", offline };
  if (!user) return { kind: "signed-out" };
  return { kind: "signed-in", hasProfile: Boolean(user.profileName) };
}

/** Sets the document title while rendered. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

/**
 * Signed out on a signed-in route: the 'Unauthorized' toast, sign-in after 500 ms, then back to
 * this route (docs/product.md "Sign in"). Unmounting first (e.g. a sign-in in another tab was
 * noticed) calls the redirect off.
 */
function GoToLogin({ path }: { path: string }) {
  const { i18n } = useLingui();
  useEffect(() => redirectToLogin(`${path}${window.location.search}`), [path]);
  return <LoadingBlock className="min-h-dvh" label={i18n._("Redirecting to sign in…")} />;
}

/** While the session is checked at /: the logo alone, neither the marketing page nor Home. */
function Splash() {
  const { i18n } = useLingui();
  return (
    <div role="status" aria-label={i18n._("Loading Collect")} className="grid min-h-dvh place-items-center">
      <Logo size="lg" />
    </div>
  );
}

function AccountUnavailable() {
  const { refetch } = useUser();
  const { i18n } = useLingui();
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-slate-700 dark:text-slate-300">
        {i18n._("We couldn't load your account. Please check your connection.")}
      </p>
      <Button variant="secondary" onClick={refetch}>
        {i18n._("Try again")}
      </Button>
    </div>
  );
}

/** Which screen each path shows (docs/product.md), for every path except /pay/* and /sign-in. */
function SessionRoutes() {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const auth = useAuthState();
  const decision = decideRoute(location, auth);
  useLiveUpdates(auth.kind === "signed-in" && auth.hasProfile);
  return (
    <Titled title={documentTitle(decision, i18n)}>
      <Screen decision={decision} signedInWithProfile={auth.kind === "signed-in" && auth.hasProfile} />
    </Titled>
  );
}

function Screen({
  decision,
  signedInWithProfile,
}: {
  decision: RouteDecision;
  signedInWithProfile: boolean;
}) {
  const [location] = useLocation();

  switch (decision.show) {
    case "landing":
      return <LandingPage />;
    case "splash":
      return <Splash />;
    case "wait":
      return <LoadingBlock className="min-h-dvh" />;
    case "retry":
      return <AccountUnavailable />;
    case "login":
      return <GoToLogin path={location} />;
    case "redirect":
      return <Redirect to={decision.to} replace />;
    case "setup":
      return (
        <PlainShell>
          <Pages.SetupPage />
        </PlainShell>
      );
    case "home":
      return (
        <AppShell>
          <Pages.HomePage />
        </AppShell>
      );
    case "page": {
      const Page = APP_PAGES[decision.path];
      return (
        <AppShell>
          <Page />
        </AppShell>
      );
    }
    case "not-found":
      return signedInWithProfile ? (
        <AppShell>
          <Pages.NotFoundPage />
        </AppShell>
      ) : (
        <PlainShell>
          <Pages.NotFoundPage />
        </PlainShell>
      );
  }
}
