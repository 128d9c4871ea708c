import { Trans, useLingui } from "@lingui/react";
import { ArrowRight } from "lucide-react";
import { MAIN_ID, SkipLink } from "#client/components/skip-link.tsx";
import { buttonClass } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { Logo } from "#client/components/ui/logo.tsx";
import { cn } from "#client/lib/cn.ts";
import { serverPaths } from "#client/lib/paths.ts";
import { EXAMPLES, FEATURES } from "./landing-content";

const PROVIDER_NAMES = ["PayPal", "Venmo", "Cash App", "Zelle", "Google Pay"];

/** Signed-out home (docs/product.md "Landing"). Get Started and Sign in are full navigations to the server. */
export function LandingPage() {
  const { i18n } = useLingui();
  return (
    <div className="bg-gradient-to-b from-emerald-50 via-white to-slate-50 dark:from-emerald-950 dark:via-slate-950 dark:to-slate-950">
      <SkipLink />
      <header className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4">
        <Logo />
        <a href={serverPaths.login} className={buttonClass("ghost", "sm")}>
          {i18n._("Sign in")}
        </a>
      </header>

      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none">
        <section className="mx-auto max-w-3xl px-4 pt-12 pb-16 text-center md:pt-20 md:pb-24">
          <p className="mb-4 inline-flex rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300">
            {i18n._("Get paid back, minus the awkward part")}
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl md:text-6xl dark:text-white">
            <Trans
              id="It's time to <0>collect.</0>"
              components={{ 0: <span className="text-emerald-600 dark:text-emerald-400" /> }}
            />
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">
            {i18n._(
              "Ask anyone for money with a text message. They tap the link and pay you with the app they already use.",
            )}
          </p>
          <div className="mt-8 flex justify-center">
            <a href={serverPaths.login} className={cn(buttonClass("primary", "lg"), "w-full sm:w-auto")}>
              {i18n._("Get Started")}
              <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
            </a>
          </div>
          <ul aria-label={i18n._("Works with")} className="mt-8 flex flex-wrap justify-center gap-2">
            {PROVIDER_NAMES.map((name) => (
              <li
                key={name}
                className="rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700"
              >
                {name}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-5xl px-4 pb-16 md:pb-24">
          <h2 id="features-heading" className="sr-only">
            {i18n._("Features")}
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, body }) => (
              <li key={title}>
                <Card className="h-full p-6">
                  <span className="grid size-11 place-items-center rounded-xl bg-emerald-600 text-white">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-slate-100">
                    {i18n._(title)}
                  </h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
                    {i18n._(body)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="examples-heading"
          className="bg-slate-900 py-16 text-white md:py-24 dark:border-y dark:border-slate-800 dark:bg-slate-900/60"
        >
          <div className="mx-auto max-w-5xl px-4">
            <h2 id="examples-heading" className="text-center text-2xl font-bold tracking-tight md:text-3xl">
              {i18n._("Two ways to use it")}
            </h2>
            <ul className="mt-10 grid gap-4 md:grid-cols-2">
              {EXAMPLES.map(({ title, body }) => (
                <li key={title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                  <h3 className="text-lg font-semibold text-white">{i18n._(title)}</h3>
                  <p className="mt-2 leading-relaxed text-slate-200">{i18n._(body)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer className="mx-auto max-w-5xl px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
        {i18n._("© {year} Collect. Requests are in US dollars.", { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
