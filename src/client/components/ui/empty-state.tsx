import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "./card";

type EmptyStateProps = { icon: LucideIcon; title: string; text?: string; action?: ReactNode };

/** A list with nothing in it yet: an icon, the screen's sentence, and an optional next step. */
export function EmptyState({ icon: Icon, title, text, action }: EmptyStateProps) {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 font-medium text-slate-900 dark:text-slate-100">{title}</p>
      {text ? <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">{text}</p> : null}
      {action ? <div className="mt-6 w-full sm:w-auto">{action}</div> : null}
    </Card>
  );
}
