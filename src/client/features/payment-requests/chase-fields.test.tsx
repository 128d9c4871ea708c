import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CONFIRM_FIRST_HINT } from "#client/features/account/account.ts";
import { PaymentRequestInputSchema } from "#shared/schemas/payment-request.ts";
import { ChaseFields, type ChaseValue, chasePayload, EMPTY_CHASE } from "./chase-fields";

function Harness({ initial = EMPTY_CHASE }: { initial?: ChaseValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ChaseFields value={value} onChange={setValue} today="2026-11-25" />
      <output data-testid="payload">{JSON.stringify(chasePayload(value))}</output>
    </>
  );
}
const payload = () => JSON.parse(screen.getByTestId("payload").textContent ?? "{}");
const base = { recipientName: "Alex Kim", recipientPhone: "2125550101", amount: "25" };

describe("ChaseFields", () => {
  it("starts empty: today's flow, texted, default reminders", () => {
    render(<Harness />);
    expect(payload()).toEqual({ sendBy: "text" });
    expect(screen.getByLabelText("Due date")).toHaveProperty("min", "2026-11-25");
    expect(screen.getByLabelText("Due date")).toHaveProperty("max", "2026-11-25".replace("2026", "2027"));
    expect(screen.queryByText("Send the request")).toBeNull();
    expect(screen.getByLabelText(/Default \(3 days, 7 days after sending\)/)).toHaveProperty("checked", true);
  });

  it("says, at the payer's email, that an unconfirmed account must confirm its address first", () => {
    const description = () => {
      const ids = screen.getByLabelText(/Payer's email/).getAttribute("aria-describedby") ?? "";
      return ids
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent)
        .join(" ");
    };
    const { rerender } = render(<ChaseFields value={EMPTY_CHASE} onChange={() => {}} today="2026-11-25" />);
    expect(description()).toBe("Collect can email the request, reminders and a receipt.");
    rerender(<ChaseFields value={EMPTY_CHASE} onChange={() => {}} today="2026-11-25" confirmFirst />);
    expect(description()).toBe(CONFIRM_FIRST_HINT);
  });

  it("a due date, an email sent by Collect and custom days make a payload the shared schema accepts", () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("Due date"), { target: { value: "2026-12-04" } });
    expect(screen.getByLabelText(/Default \(on the day, 3 days after the due date\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Payer's email/), { target: { value: " alex@example.com " } });
    fireEvent.click(screen.getByLabelText("Email from Collect"));
    fireEvent.click(screen.getByLabelText("Choose days"));
    // Custom starts from the rule's days, and takes up to four.
    expect((screen.getByLabelText("Reminder 1, days") as HTMLInputElement).value).toBe("0");
    fireEvent.change(screen.getByLabelText("Reminder 3, days"), { target: { value: "7" } });
    expect(payload()).toEqual({
      dueDate: "2026-12-04",
      payerEmail: "alex@example.com",
      sendBy: "email",
      reminderDays: [0, 3, 7],
    });
    expect(PaymentRequestInputSchema.safeParse({ ...base, ...payload() }).success).toBe(true);
  });

  it("no reminders sends an empty list; clearing the email falls back to texting", () => {
    render(<Harness initial={{ ...EMPTY_CHASE, payerEmail: "a@b.co", sendBy: "both" }} />);
    fireEvent.click(screen.getByLabelText("No reminders"));
    expect(payload()).toMatchObject({ reminderDays: [], sendBy: "both", payerEmail: "a@b.co" });
    fireEvent.change(screen.getByLabelText(/Payer's email/), { target: { value: "" } });
    expect(payload()).toEqual({ sendBy: "text", reminderDays: [] });
  });

  it("shows the server's message beside its field", () => {
    render(
      <ChaseFields
        value={EMPTY_CHASE}
        onChange={() => {}}
        today="2026-11-25"
        errors={{ dueDate: "Choose a due date from today on." }}
      />,
    );
    const input = screen.getByLabelText("Due date");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    // Described by it, as the form's own fields are (screen readers read aria-describedby).
    const described = (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain("Choose a due date from today on.");
  });
});
