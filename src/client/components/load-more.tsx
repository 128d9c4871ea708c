import { useLingui } from "@lingui/react";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { apiErrorMessage } from "#client/lib/api.ts";

type LoadMoreProps = {
  pages: Pick<
    UseInfiniteQueryResult<InfiniteData<unknown>>,
    "data" | "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "error" | "fetchNextPage"
  >;
  /** Said under the last row once more than one page was loaded. */
  end: string;
};

/**
 * The foot of a paged list: the next page loads when this comes near the screen, or from a real
 * "Load more" button (keyboard users, and browsers without IntersectionObserver). A page that
 * failed is not retried on its own; the button tries again.
 */
export function LoadMore({ pages, end }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { i18n } = useLingui();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  const autoLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const node = sentinel.current;
    if (!autoLoad || !node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [autoLoad, fetchNextPage]);

  if (!hasNextPage) {
    return (pages.data?.pages.length ?? 0) > 1 ? (
      <p className="py-4 text-center text-sm text-slate-500 dark:text-slate-400">{end}</p>
    ) : null;
  }
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-3 py-4">
      {isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
          {i18n._("We couldn't load more. {message}", { message: i18n._(apiErrorMessage(pages.error)) })}
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        // Not `disabled`: the button keeps the keyboard focus while the page loads.
        aria-disabled={isFetchingNextPage}
        onClick={() => {
          if (!isFetchingNextPage) void fetchNextPage();
        }}
      >
        {isFetchingNextPage ? <Spinner /> : null}
        {isFetchingNextPage ? i18n._("Loading more…") : i18n._("Load more")}
      </Button>
    </div>
  );
}
