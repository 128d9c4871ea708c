import { useLingui } from "@lingui/react";
import { KeyRound } from "lucide-react";
import { buttonClass } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { serverPaths } from "#client/lib/paths.ts";
import type { SignInOptions } from "#shared/schemas/sign-in.ts";

/**
 * Ways in besides email and password: the OpenID Connect provider when one is configured.
 * (A passkey button belongs here too.)
 */
export function SignInAlternatives({ options, returnTo }: { options: SignInOptions; returnTo: string }) {
  const { i18n } = useLingui();
  if (!options.oidc) return null;
  const href = `${serverPaths.login}?provider=oidc&returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <div className="space-y-3">
      {options.password ? (
        <p className="flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:text-slate-400 dark:before:bg-slate-700 dark:after:bg-slate-700">
          {i18n._("or")}
        </p>
      ) : null}
      <a href={href} className={cn(buttonClass("secondary"), "w-full")}>
        <KeyRound aria-hidden="true" className="size-4" />
        {i18n._("Continue with {provider}", { provider: options.oidc.name })}
      </a>
    </div>
  );
}
