import type { QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { homeRequestsQuery, requestPagesQuery, requestSummaryQuery } from "../features/payment-requests/api";
import { splitQuery } from "../features/splits/api";
import { accountQueryOptions } from "./account";
import { refreshRequests } from "./live-updates";
import { queryClient } from "./query-client";
import { userQueryOptions } from "./user";

afterEach(() => queryClient.clear());

describe("refreshRequests", () => {
  it("invalidates every list of requests, its pages and totals, and the split groups; nothing else", async () => {
    const changed: QueryKey[] = [
      homeRequestsQuery.queryKey,
      requestPagesQuery({ q: "rent" }).queryKey,
      requestSummaryQuery({ status: "paid" }).queryKey,
      splitQuery("s1").queryKey,
    ];
    const kept: QueryKey[] = [userQueryOptions.queryKey, accountQueryOptions.queryKey];
    for (const key of [...changed, ...kept]) queryClient.setQueryData(key, []);

    await refreshRequests();

    const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
    expect(changed.map(invalidated)).toEqual(changed.map(() => true));
    expect(kept.map(invalidated)).toEqual([false, false]);
  });
});
