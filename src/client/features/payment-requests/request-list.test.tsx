import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PaymentRequest } from "../../../shared/schemas/payment-request";
import { expectToast, renderWithApp } from "../../test/render";
import { type MarkPaidTexts, RequestList } from "./request-list";

const request = (id: string, status: PaymentRequest["status"]): PaymentRequest => ({
  id,
  amount: "25.50",
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
  splitId: null,
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
  it("offers Mark Paid and the tools on pending requests only", () => {
    renderWithApp(<RequestList requests={REQUESTS} markPaid={texts()} />);
    const pending = within(card("Alex 1"));
    expect(pending.getByRole("button", { name: "Mark Paid" })).toBeTruthy();
    expect(pending.getByRole("button", { name: "Share" })).toBeTruthy();
    expect(pending.getByRole("button", { name: "Cancel request" })).toBeTruthy();
    for (const name of ["Alex 2", "Alex 3"]) expect(within(card(name)).queryAllByRole("button")).toEqual([]);
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
    expect(screen.getByText(confirm.question)).toBeTruthy();
  });

  it("marks at once otherwise, and says so when it fails", async () => {
    renderWithApp(<RequestList requests={REQUESTS} markPaid={texts()} />);
    fireEvent.click(screen.getByRole("button", { name: "Mark Paid" }));
    await expectToast("Error", "Failed to mark request as paid. Please try again.");
  });
});
