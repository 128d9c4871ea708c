import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { pageItems, pagesQuery } from "#client/lib/pages.ts";
import { renderWithApp } from "#client/test/render.tsx";
import { LoadMore } from "./load-more";

/*
 * A real loopback server pages a list the way the API does (docs/decisions/015-keyset-pagination.md):
 * three rows a page, newest first, the next page after the last row's key in a `Link` header.
 */
let rows: number[] = [];
let failNext = false;
const PAGE = 3;

const server: Server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const after = url.searchParams.get("after");
  if (after !== null && failNext) {
    failNext = false;
    res.writeHead(503, { "content-type": "application/json" }).end('{"message":"Try later."}');
    return;
  }
  const from = after === null ? rows : rows.filter((n) => n < Number(after));
  const page = from.slice(0, PAGE);
  const last = page.at(-1);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (from.length > PAGE && last !== undefined) headers.link = `</things?after=${last}>; rel="next"`;
  res.writeHead(200, headers).end(JSON.stringify(page.map((n) => ({ n }))));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Relative URLs (the first page's, and the Link header's) resolve against this server.
  const { happyDOM } = window as unknown as { happyDOM: { setURL: (url: string) => void } };
  happyDOM.setURL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  rows = [8, 7, 6, 5, 4, 3, 2, 1];
  failNext = false;
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
