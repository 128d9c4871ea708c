import { cn } from "#client/lib/cn.ts";

const SIZES = { md: { text: "text-lg", mark: "size-7" }, lg: { text: "text-2xl", mark: "size-9" } } as const;

/** The Collect mark and wordmark; the mark is decorative, the word is the name. */
export function Logo({ size = "md", className }: { size?: keyof typeof SIZES; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-2 font-bold tracking-tight text-slate-900 dark:text-white",
        SIZES[size].text,
        className,
      )}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className={SIZES[size].mark} />
      <span>Collect</span>
    </span>
  );
}
