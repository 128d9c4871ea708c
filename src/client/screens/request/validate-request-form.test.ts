import { describe, expect, it } from "vitest";
import { formValidationToast } from "#client/lib/validation-toast.ts";
import { VALIDATION } from "#shared/messages.ts";
import { type RequestForm, validateRequestForm } from "./validate-request-form";

const valid: RequestForm = { name: "Alex Morgan", phone: "(212) 555-0101", amount: "25.5", description: "" };
/** The result, with a failure shown as the toast the form raises. */
const check = (change: Partial<RequestForm>) => {
  const result = validateRequestForm({ ...valid, ...change });
  return result.ok ? result : { ok: false, ...formValidationToast(result.message) };
};
const failure = (text: { title: string; description: string }) => ({ ok: false, ...text });
const INVALID_PHONE = {
  title: "Invalid Phone Number",
  description: "Please enter a valid 10-digit US mobile number.",
};

describe("validateRequestForm", () => {
  it("builds the payload: trimmed name, digits, 2 decimals, null for no description", () => {
    expect(check({ name: "  Alex Morgan " })).toEqual({
      ok: true,
      value: {
        recipientName: "Alex Morgan",
        recipientPhone: "2125550101",
        amount: "25.50",
        // A US account's amount is in dollars.
        currency: "USD",
        description: null,
        // The optional chasing fields, none chosen: texted from the phone, the default reminders.
        dueDate: null,
        payerEmail: null,
        reminderDays: null,
        sendBy: "text",
      },
    });
    expect(check({ description: "  Dinner  ", amount: "7" })).toMatchObject({
      ok: true,
      value: { amount: "7.00", description: "Dinner" },
    });
  });

  it("asks for the name first", () => {
    expect(check({ name: "   ", phone: "", amount: "" })).toEqual(failure(VALIDATION.recipientName));
    expect(VALIDATION.recipientName.title).toBe("Name Required");
  });

  it("then for the phone", () => {
    expect(check({ phone: "", amount: "" })).toEqual(failure(VALIDATION.recipientPhone));
    expect(check({ phone: " ( ) " })).toEqual(failure(VALIDATION.recipientPhone));
    expect(VALIDATION.recipientPhone.title).toBe("Phone Number Required");
  });

  it("then for an amount greater than 0", () => {
    for (const amount of ["", "  ", "0", "0.00", "-5", "abc", "NaN", "Infinity"]) {
      expect(check({ amount, phone: "123" }), amount).toEqual(failure(VALIDATION.amount));
    }
    expect(VALIDATION.amount).toEqual({
      title: "Invalid Amount",
      description: "Please enter a valid amount greater than $0.",
    });
  });

  it("then for a US mobile number, refusing another country's as such", () => {
    expect(check({ phone: "+91 98765 43210" })).toEqual(
      failure({ title: "Invalid Phone Number", description: "Please enter a US mobile number." }),
    );
    expect(check({ phone: "(911) 555-0100" })).toEqual(failure(INVALID_PHONE));
    expect(check({ phone: "(555) 123-45" })).toEqual(failure(INVALID_PHONE));
    expect(check({ phone: "2555123456789" })).toEqual(failure(INVALID_PHONE));
    expect(check({ phone: "+1 212.555.0101" })).toMatchObject({
      ok: true,
      value: { recipientPhone: "2125550101" },
    });
  });

  it("then for at most 2 decimals and $1,000,000", () => {
    expect(check({ amount: "10.999" })).toEqual({
      ok: false,
      title: "Invalid Amount",
      description: "Please enter an amount with at most 2 decimal places, like 25.50.",
    });
    expect(check({ amount: "0.001" })).toMatchObject({ ok: false, title: "Invalid Amount" });
    expect(check({ amount: "1000000.01" })).toEqual({
      ok: false,
      title: "Invalid Amount",
      description: "Please enter an amount of at most $1,000,000.00.",
    });
    expect(check({ amount: "1000000.001" })).toMatchObject({
      description: "Please enter an amount of at most $1,000,000.00.",
    });
    expect(check({ amount: "99999999999" })).toMatchObject({
      description: "Please enter an amount of at most $1,000,000.00.",
    });
    // Other notations are not amounts (the input never sends them as typed).
    expect(check({ amount: "1e3" })).toEqual(failure(VALIDATION.amount));
    expect(check({ amount: "1000000" })).toMatchObject({ ok: true, value: { amount: "1000000.00" } });
  });

  it("reads the forms a number input hands over", () => {
    expect(check({ amount: ".5" })).toMatchObject({ ok: true, value: { amount: "0.50" } });
    expect(check({ amount: "5." })).toMatchObject({ ok: true, value: { amount: "5.00" } });
    expect(check({ amount: " 0.01 " })).toMatchObject({ ok: true, value: { amount: "0.01" } });
  });

  it("keeps the name and description within the server's limits", () => {
    expect(check({ name: "a".repeat(81) })).toEqual(
      failure({ title: "Name Too Long", description: "Please keep the name to 80 characters." }),
    );
    expect(check({ name: "a".repeat(80) })).toMatchObject({ ok: true });
    expect(check({ description: "d".repeat(201) })).toEqual(
      failure({
        title: "Description Too Long",
        description: "Please keep the description to 200 characters.",
      }),
    );
    expect(check({ description: "d".repeat(200) })).toMatchObject({ ok: true });
  });

  it("follows the product's order when several fields are wrong", () => {
    expect(check({ name: "a".repeat(81), phone: "" })).toEqual(failure(VALIDATION.recipientPhone));
    expect(check({ phone: "+91 98765 43210", amount: "0" })).toEqual(failure(VALIDATION.amount));
    expect(check({ amount: "10.999", description: "d".repeat(201) })).toMatchObject({
      title: "Invalid Amount",
    });
  });
});
