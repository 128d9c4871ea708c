import { useLingui } from "@lingui/react";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { ApiTokens } from "./api-tokens";
import { Webhooks } from "./webhooks";

/** Profile → Developer: personal API tokens and webhook endpoints (docs/api.md). */
export function DeveloperSection() {
  const { i18n } = useLingui();
  return (
    <Card id="developer" className="mt-6 scroll-mt-20">
      <div className="space-y-1 p-5 pb-0 sm:p-6 sm:pb-0">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{i18n._("Developer")}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._("Connect your own scripts and systems to Collect.")}
        </p>
      </div>
      <CardContent className="space-y-8">
        <ApiTokens />
        <Webhooks />
      </CardContent>
    </Card>
  );
}
