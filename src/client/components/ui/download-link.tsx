import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#client/lib/cn.ts";

/**
 * A file the server makes (a receipt, a statement) as a link the browser saves: reachable by
 * keyboard, a 44 px target, and a plain download where the server answers with an attachment.
 */
export function DownloadLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      download
      className={cn(
        "inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline dark:text-emerald-300",
        className,
      )}
    >
      <FileText aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
