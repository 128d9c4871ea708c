import type { ReactNode } from "react";
import { cn } from "#client/lib/cn.ts";

type PageHeaderProps = { title: string; description?: ReactNode; action?: ReactNode; className?: string };

/** A page's h1, optional subtitle and optional action at the side. */
export function PageHeader({ title, description, action, className }: PageHeaderProps) {
  return (
    <div className={cn("mb-6 flex flex-wrap items-end justify-between gap-4 md:mb-8", className)}>
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl dark:text-white">
          {title}
        </h1>
        {description ? <p className="text-slate-600 dark:text-slate-400">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
