import { type InfiniteData, infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";
import { z } from "zod";
import { apiPage } from "./api";

/** One page of a list and the URL of the next one (null on the last page). */
export type Page<T> = { items: T[]; next: string | null };

/**
 * A list read page by page (docs/decisions/015-keyset-pagination.md): the first page from
 * `firstUrl`, each next one from the previous answer's `Link: <…>; rel="next"` header. Each page is
 * checked with the shared schema of one item.
 */
export function pagesQuery<T>(queryKey: QueryKey, firstUrl: string, item: z.ZodType<T>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam }): Promise<Page<T>> => {
      const { body, next } = await apiPage(pageParam);
      return { items: z.array(item).parse(body), next };
    },
    initialPageParam: firstUrl,
    getNextPageParam: (last: Page<T>) => last.next ?? undefined,
  });
}

/** The rows of every loaded page, in order. */
export function pageItems<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
