import { User } from "lucide-react";
import { useState } from "react";
import { cn } from "#client/lib/cn.ts";

const SIZES = { sm: "size-9", md: "size-14", lg: "size-24" } as const;

type AvatarProps = {
  src: string | null | undefined;
  /** Describes the person; empty when the avatar sits beside their name. */
  alt: string;
  size?: keyof typeof SIZES;
  className?: string;
};

/** A round photo, or a person icon when there is no photo or it fails to load. */
export function Avatar({ src, alt, size = "md", className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={cn(
        "relative inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-emerald-100 text-emerald-700 ring-2 ring-white dark:bg-emerald-400/15 dark:text-emerald-300 dark:ring-slate-900",
        SIZES[size],
        className,
      )}
    >
      {showImage && src ? (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        <User
          role="img"
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
          className="size-1/2"
        />
      )}
    </span>
  );
}
