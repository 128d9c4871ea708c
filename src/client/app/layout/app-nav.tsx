import { useLingui } from "@lingui/react";
import { Link, useLocation } from "wouter";
import { Avatar } from "#client/components/ui/avatar.tsx";
import { Logo } from "#client/components/ui/logo.tsx";
import { displayName, useUser } from "#client/features/auth/user.ts";
import { cn } from "#client/lib/cn.ts";
import { paths } from "#client/lib/paths.ts";
import { isActivePath, NAV_ITEMS } from "./nav-items";

/**
 * The signed-in header. One set of links: a top bar from the md breakpoint, a bottom tab bar
 * (fixed, above the phone's home indicator) below it.
 */
export function AppNav() {
  const [location] = useLocation();
  const { user } = useUser();
  const { i18n } = useLingui();
  return (
    // No backdrop-filter here: it would become the containing block of the fixed phone tab bar.
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-4 px-4 md:h-16">
        <Link
          href={paths.home}
          className="flex min-h-11 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-emerald-600"
        >
          <Logo />
        </Link>
        <nav
          aria-label={i18n._("Main")}
          className={cn(
            "fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]",
            "dark:border-slate-800 dark:bg-slate-900 md:dark:bg-transparent",
            "md:static md:ms-auto md:border-0 md:bg-transparent md:pb-0",
          )}
        >
          <ul className="grid grid-cols-5 md:flex md:items-center md:gap-1">
            {NAV_ITEMS.map(({ href, label, icon: Icon }) => {
              const active = isActivePath(location, href);
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex flex-col items-center gap-0.5 px-1 py-2 text-[11px] font-medium transition-colors",
                      "md:flex-row md:gap-2 md:rounded-xl md:px-3 md:py-2 md:text-sm",
                      "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600",
                      active
                        ? "text-emerald-700 md:bg-emerald-50 dark:text-emerald-400 md:dark:bg-emerald-400/10"
                        : "text-slate-500 hover:text-slate-900 md:text-slate-600 md:hover:bg-slate-100 dark:text-slate-400 dark:hover:text-white md:dark:text-slate-300 md:dark:hover:bg-slate-800",
                    )}
                  >
                    <Icon aria-hidden="true" className="size-6 md:size-4" strokeWidth={active ? 2.4 : 2} />
                    {/* A long word (Arabic's "الملف الشخصي") wraps inside its fifth of a phone's width. */}
                    <span className="max-w-full text-center leading-tight wrap-anywhere">
                      {i18n._(label)}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {user ? (
          <span className="ms-auto flex items-center gap-2 md:ms-2" title={displayName(user)}>
            <span className="hidden max-w-32 truncate text-sm font-medium text-slate-700 lg:inline dark:text-slate-300">
              {displayName(user)}
            </span>
            <Avatar src={user.photo} alt="" size="sm" />
          </span>
        ) : null}
      </div>
    </header>
  );
}
