import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPaymentRequest } from "#client/test/payment-request.ts";
import { NO_REMINDERS } from "#shared/schemas/payment-request.ts";
import { ChaseLine } from "./chase-line";

const request = aPaymentRequest;

describe("ChaseLine on a request card", () => {
  it("says when it is due, or how late, in the warning colour when late", () => {
    const { rerender } = render(
      <ChaseLine request={request({ dueDate: "2026-12-04" })} today="2026-11-25" />,
    );
    expect(screen.getByText("Due Fri, Dec 4")).toBeTruthy();
    rerender(<ChaseLine request={request({ dueDate: "2026-12-04" })} today="2026-12-06" />);
    const late = screen.getByText("Overdue 2 days");
    expect(late.className).toContain("text-amber-800");
    rerender(<ChaseLine request={request({ dueDate: "2026-12-04", status: "paid" })} today="2026-12-06" />);
    expect(screen.queryByText(/Overdue/)).toBeNull();
  });

  it("says what the reminders did", () => {
    const { rerender } = render(
      <ChaseLine
        request={request({
          reminders: {
            ...NO_REMINDERS,
            state: "scheduled",
            lastChannel: "payer-email",
            // Nov 28 in the machine's zone whether it is UTC or UTC+14 (the time-zone pass).
            lastSentAt: "2026-11-28T05:00:05Z",
          },
        })}
        today="2026-11-29"
      />,
    );
    expect(screen.getByTestId("chase-line").textContent).toBe("Reminder emailed Nov 28");
    rerender(
      <ChaseLine
        request={request({ reminders: { ...NO_REMINDERS, state: "due", lastChannel: "requester" } })}
      />,
    );
    expect(screen.getByText("Reminder due — Text reminder")).toBeTruthy();
    rerender(
      <ChaseLine
        request={request({
          reminders: { ...NO_REMINDERS, state: "failed", failedEmail: "alex@example.com" },
        })}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("Email to alex@example.com could not be delivered");
  });

  it("says when the payer stopped reminders, or asked for no more emails, instead of a schedule", () => {
    const { rerender } = render(
      <ChaseLine
        request={request({
          recipientName: "Priya Shah",
          reminders: { ...NO_REMINDERS, state: "stopped", stoppedBy: "payer" },
        })}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("Priya stopped reminders");
    // The requester's own stop is theirs to know: no line.
    rerender(
      <ChaseLine
        request={request({ reminders: { ...NO_REMINDERS, state: "stopped", stoppedBy: "requester" } })}
      />,
    );
    expect(screen.queryByRole("status")).toBeNull();
    rerender(
      <ChaseLine
        request={request({
          recipientName: "Priya Shah",
          payerEmail: "priya@example.com",
          reminders: { ...NO_REMINDERS, state: "stopped", stoppedBy: "payer", emailBlocked: true },
        })}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe(
      "Priya asked for no more emails — Collect will not email priya@example.com",
    );
  });
});
