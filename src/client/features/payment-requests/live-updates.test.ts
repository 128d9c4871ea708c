import type { QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { accountQueryOptions } from "#client/features/account/account.ts";
import { userQueryOptions } from "#client/features/auth/user.ts";
import {
  homeRequestsQuery,
  requestPagesQuery,
  requestSummaryQuery,
} from "#client/features/payment-requests/api.ts";
import { splitQuery } from "#client/features/payment-requests/splits.ts";
import { queryClient } from "#client/lib/query-client.ts";
import { refreshRequests } from "./live-updates";

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
