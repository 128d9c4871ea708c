import { useLingui } from "@lingui/react";
import { Button } from "./button";
import { Card, CardContent } from "./card";

/** A list that failed to load: what happened and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <Card>
      <CardContent className="space-y-3 text-center">
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          {i18n._("Try again")}
        </Button>
      </CardContent>
    </Card>
  );
}
