import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { splitQuery } from "#client/features/payment-requests/splits.ts";
import { queryClient } from "#client/lib/query-client.ts";
import { api } from "#client/test/msw.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { NO_REMINDERS, type PaymentRequest } from "#shared/schemas/payment-request.ts";
import type { Split } from "#shared/schemas/split.ts";
import { homeRequestsQuery, useHomeRequests } from "./api";
import type { MarkPaidTexts } from "./paid-marks";
import { RequestList } from "./request-list";

const request = (
  id: string,
  status: PaymentRequest["status"],
  splitId: string | null = null,
): PaymentRequest => ({
  id,
  amount: "25.50",
  currency: "USD",
  status,
  description: null,
  recipientName: `Alex ${id}`,
  recipientPhone: "2125550101",
  createdAt: new Date().toISOString(),
  shortUrl: `http://localhost/pay/code${id}`,
  viewedAt: null,
  lastRemindedAt: null,
  claimedPaidAt: null,
  claimedVia: null,
  claimNote: null,
  splitId,
  dueDate: null,
  payerEmail: null,
  reminderDays: null,
  reminders: NO_REMINDERS,
});
const REQUESTS = [request("1", "pending"), request("2", "paid"), request("3", "cancelled")];

const texts = (confirm?: MarkPaidTexts["confirm"]): MarkPaidTexts => ({
  label: "Mark Paid",
  confirm,
  success: () => ({ title: "Done", description: "" }),
  failure: "Failed to mark request as paid. Please try again.",
});
const card = (name: string) => screen.getByText(name).closest("li") as HTMLElement;

describe("RequestList", () => {
  it("offers Mark Paid and the tools on pending requests, Mark as not paid on paid ones", () => {
    renderWithApp(<RequestList requests={REQUESTS} markPaid={texts()} />);
    const pending = within(card("Alex 1"));
    expect(pending.getByRole("button", { name: "Mark Paid" })).toBeTruthy();
    expect(pending.getByRole("button", { name: "Share" })).toBeTruthy();
    expect(pending.getByRole("button", { name: "Cancel request" })).toBeTruthy();
    const paid = within(card("Alex 2")).getAllByRole("button");
    expect(paid.map((b) => b.textContent)).toEqual(["Mark as not paid"]);
    expect(within(card("Alex 3")).queryAllByRole("button")).toEqual([]);
  });

  it("opened from a reminder notification (?request=…&remind=1), focuses that card's Text reminder", () => {
    window.history.replaceState(null, "", "/?request=4&remind=1");
    const due = { ...request("4", "pending"), reminders: { ...NO_REMINDERS, state: "due" as const } };
    renderWithApp(<RequestList requests={[request("1", "pending"), due]} markPaid={texts()} />);
    const button = within(card("Alex 4")).getByRole("button", { name: "Text reminder" });
    expect(document.activeElement).toBe(button);
    expect(window.location.search).toBe("");
  });

  it("asks before marking a paid request as not paid", () => {
    renderWithApp(<RequestList requests={REQUESTS} markPaid={texts()} />);
    fireEvent.click(within(card("Alex 2")).getByRole("button", { name: "Mark as not paid" }));
    expect(screen.getByText(/Mark this payment request as not paid\?/)).toBeTruthy();
  });

  it("keeps each card where it was when a new answer sorts them differently", () => {
    const { rerender } = renderWithApp(<RequestList requests={REQUESTS} markPaid={texts()} />);
    const names = () =>
      screen.getAllByRole("listitem").map((li) => within(li).getByText(/^Alex/).textContent);
    expect(names()).toEqual(["Alex 1", "Alex 2", "Alex 3"]);
    // "1" was marked paid: the server now lists it after the paid "2".
    const resorted = [request("2", "paid"), request("1", "paid"), REQUESTS[2] as PaymentRequest];
    rerender(<RequestList requests={resorted} markPaid={texts()} />);
    expect(names()).toEqual(["Alex 1", "Alex 2", "Alex 3"]);
  });

  it("links each request to its pay page where given", () => {
    const href = (r: PaymentRequest) => (r.status === "cancelled" ? null : `/pay/code${r.id}`);
    renderWithApp(<RequestList requests={REQUESTS} markPaid={texts()} payPageHref={href} />);
    const link = (name: string) => within(card(name)).queryByRole("link", { name: "View Payment Page" });
    expect(link("Alex 1")?.getAttribute("href")).toBe("/pay/code1");
    expect(link("Alex 2")?.getAttribute("href")).toBe("/pay/code2");
    expect(link("Alex 3")).toBeNull();
  });

  it("asks first where the list says so", () => {
    const confirm = { question: "Mark this payment request as paid?", confirmLabel: "Mark as Paid" };
    renderWithApp(<RequestList requests={REQUESTS} markPaid={texts(confirm)} />);
    expect(screen.queryByText(confirm.question)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Mark Paid" }));
    // The dialog names what it acts on: the amount and the person, under the brief's question.
    const dialog = screen.getByRole("dialog", { name: confirm.question });
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(dialog).getByText("$25.50 from Alex 1")).toBeTruthy();
  });

  it("marks at once otherwise, says so when it fails, and reloads the lists the screen shows", async () => {
    // No answer at all, as when the connection drops.
    api.use(http.patch("/api/payment-requests/:id/status", () => HttpResponse.error()));
    renderWithApp(<RequestList requests={REQUESTS} markPaid={texts()} />, (client) =>
      client.setQueryData(homeRequestsQuery.queryKey, REQUESTS),
    );
    fireEvent.click(screen.getByRole("button", { name: "Mark Paid" }));
    await expectToast("Error", "Failed to mark request as paid. Please try again.");
    // The api module's reload reaches the cache this tree renders from (the app's one client).
    await waitFor(() =>
      expect(queryClient.getQueryState(homeRequestsQuery.queryKey)?.isInvalidated).toBe(true),
    );
  });
});

describe("RequestList with split bills", () => {
  // Home's order: a pending share, a request of its own, then a paid share of the same split.
  const shares = [request("a", "pending", "s1"), request("b", "pending", "s1"), request("c", "paid", "s1")];
  const rows = [shares[0], request("solo", "pending"), shares[2]] as PaymentRequest[];
  const split: Split = {
    id: "s1",
    total: "100.00",
    currency: "USD",
    description: "Dinner",
    includeMe: true,
    dueDate: null,
    createdAt: new Date().toISOString(),
    shares: shares.map((r) => ({ request: r, smsMessage: "Hi" })),
    paidCount: 1,
    claimedCount: 0,
    outstanding: "51.00",
  };
  const render = () =>
    renderWithApp(<RequestList requests={rows} markPaid={texts()} />, (client) =>
      client.setQueryData(splitQuery("s1").queryKey, split),
    );

  it("shows a split as one entry with its total, paid count and outstanding, where its first share comes", () => {
    render();
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const entry = within(items[0] as HTMLElement);
    const toggle = entry.getByRole("button", { expanded: false });
    expect(toggle.textContent).toContain("$100.00");
    expect(toggle.textContent).toContain("Dinner");
    expect(toggle.textContent).toContain("1 of 3 paid · $51.00 outstanding");
    expect(screen.queryByText("Alex a")).toBeNull();
    expect(within(items[1] as HTMLElement).getByText("Alex solo")).toBeTruthy();
  });

  it("opens to every person's card with their actions, and closes again", () => {
    render();
    const toggle = screen.getByRole("button", { name: /Dinner/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(toggle.getAttribute("aria-controls") as string) as HTMLElement;
    // Every share of the group, the one on no loaded page ("b") too.
    for (const name of ["Alex a", "Alex b", "Alex c"]) expect(within(panel).getByText(name)).toBeTruthy();
    expect(within(panel).getAllByRole("button", { name: "Mark Paid" })).toHaveLength(2);
    expect(within(panel).getAllByRole("button", { name: "Share" })).toHaveLength(2);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByText("Alex a")).toBeNull();
  });
});

/** Home's list as Home renders it: from the query, so a reload or a live update changes the cards. */
function HomeList() {
  const { data } = useHomeRequests();
  return <RequestList requests={data ?? []} markPaid={texts()} />;
}

describe("Cancel on Home, where the card can change before the answer comes", () => {
  it("still says 'Request cancelled' when the card lost its tools first", async () => {
    const pending = request("9", "pending");
    const cancelledRow = { ...pending, status: "cancelled" as const };
    let answer = () => {};
    api.use(
      http.get("/api/payment-requests", () => HttpResponse.json([cancelledRow])),
      http.patch(
        "/api/payment-requests/:id/status",
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(HttpResponse.json(cancelledRow));
          }),
      ),
    );
    renderWithApp(<HomeList />, (client) => client.setQueryData(homeRequestsQuery.queryKey, [pending]));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel request" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel request" }));
    // The list shows it cancelled before the answer (a reload, or another tab's live update
    // landing first), so the card's tools are gone…
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    act(() => queryClient.setQueryData(homeRequestsQuery.queryKey, [cancelledRow]));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Share" })).toBeNull());
    answer();
    // …and the toast still comes (mutate's own callbacks were dropped with the tools: CI saw none).
    await waitFor(() =>
      expect(document.querySelector("[data-sonner-toast] [role=status]")?.textContent).toBe(
        "Request cancelled$25.50 from Alex 9.",
      ),
    );
  });
});
