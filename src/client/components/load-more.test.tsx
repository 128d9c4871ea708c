import { type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { pageItems, pagesQuery } from "#client/lib/pages.ts";
import { api } from "#client/test/msw.ts";
import { renderWithApp } from "#client/test/render.tsx";
import { LoadMore } from "./load-more";

/*
 * The API's paging (docs/decisions/015-keyset-pagination.md), as msw answers it: three rows a
 * page, newest first, the next page after the last row's key in a `Link` header.
 */
let rows: number[] = [];
let failNext = false;
const PAGE = 3;

beforeEach(() => {
  rows = [8, 7, 6, 5, 4, 3, 2, 1];
  failNext = false;
  api.use(
    http.get("/things", ({ request }) => {
      const after = new URL(request.url).searchParams.get("after");
      if (after !== null && failNext) {
        failNext = false;
        return HttpResponse.json({ message: "Try later." }, { status: 503 });
      }
      const from = after === null ? rows : rows.filter((n) => n < Number(after));
      const page = from.slice(0, PAGE);
      const last = page.at(-1);
      const headers: Record<string, string> = {};
      if (from.length > PAGE && last !== undefined) headers.link = `</things?after=${last}>; rel="next"`;
      return HttpResponse.json(
        page.map((n) => ({ n })),
        { headers },
      );
    }),
  );
});

const thingsQuery = pagesQuery(["things"], "/things", z.object({ n: z.number() }));

function Things() {
  const pages = useInfiniteQuery(thingsQuery);
  return (
    <>
      <ul>
        {pageItems(pages.data).map(({ n }) => (
          <li key={n}>{`row ${n}`}</li>
        ))}
      </ul>
      <LoadMore pages={pages} end="That's every thing." />
    </>
  );
}

const shownRows = () => screen.queryAllByRole("listitem").map((li) => li.textContent);
const loadMore = () => fireEvent.click(screen.getByRole("button", { name: "Load more" }));

describe("a paged list", () => {
  it("loads page after page from the Link header, each row once, and says when it ends", async () => {
    renderWithApp(<Things />);
    await waitFor(() => expect(shownRows()).toEqual(["row 8", "row 7", "row 6"]));
    expect(screen.queryByText("That's every thing.")).toBeNull();
    loadMore();
    await waitFor(() => expect(shownRows()).toHaveLength(6));
    loadMore();
    await waitFor(() => expect(shownRows()).toEqual(rows.map((n) => `row ${n}`)));
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText("That's every thing.")).toBeTruthy();
  });

  it("shows no end line and no button when one page holds everything", async () => {
    rows = [2, 1];
    renderWithApp(<Things />);
    await waitFor(() => expect(shownRows()).toEqual(["row 2", "row 1"]));
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText("That's every thing.")).toBeNull();
  });

  it("says when a page fails, keeps what is loaded, and tries again from the button", async () => {
    renderWithApp(<Things />);
    await waitFor(() => expect(shownRows()).toHaveLength(3));
    failNext = true;
    loadMore();
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("We couldn't load more. Try later."),
    );
    expect(shownRows()).toHaveLength(3);
    loadMore();
    await waitFor(() => expect(shownRows()).toHaveLength(6));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("reloads every loaded page when invalidated: a new row on top, nothing twice, nothing lost", async () => {
    let cache: QueryClient | undefined;
    renderWithApp(<Things />, (client) => {
      cache = client;
    });
    await waitFor(() => expect(shownRows()).toHaveLength(3));
    loadMore();
    await waitFor(() => expect(shownRows()).toHaveLength(6));
    rows = [9, ...rows];
    await cache?.invalidateQueries({ queryKey: thingsQuery.queryKey });
    await waitFor(() => expect(shownRows()).toEqual(["row 9", "row 8", "row 7", "row 6", "row 5", "row 4"]));
  });
});
