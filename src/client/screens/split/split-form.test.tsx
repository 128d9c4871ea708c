import { fireEvent, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { answerApi, expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { US_INPUT } from "#shared/schemas/payment-request.ts";
import { SplitForm } from "./split-form";

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Create requests" }));

// No saved contacts to pick from.
beforeEach(() => api.use(http.get("/api/payees", () => HttpResponse.json([]))));

describe("SplitForm", () => {
  it("reads a total as typed ($, thousands, a decimal comma) and drops its message once it is fixed", async () => {
    renderWithApp(<SplitForm />);
    type("Total", "12,5,0");
    submit();
    expect(await screen.findByText("Please enter a valid amount greater than $0.")).toBeTruthy();
    type("Total", "$100");
    expect(screen.queryByText("Please enter a valid amount greater than $0.")).toBeNull();
    // An even split of $100 between the two people is shown as typed, "$" and all.
    expect(screen.getAllByText("$50.00")).toHaveLength(2);
    type("Total", "1,250");
    expect(screen.getAllByText("$625.00")).toHaveLength(2);
    type("Total", "12,50");
    expect(screen.getAllByText("$6.25")).toHaveLength(2);
  });

  it("shows the shares in the account's currency, read with its decimal mark", () => {
    renderWithApp(<SplitForm region={{ ...US_INPUT, country: "DE", currency: "EUR" }} />);
    type("Total", "100,50");
    expect(screen.getAllByText("€50.25")).toHaveLength(2);
    expect(screen.queryByText("$50.25")).toBeNull();
  });
});

describe("SplitForm's marks", () => {
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it("marks the bad fields, focuses the first, and clears each mark once fixed", async () => {
    renderWithApp(<SplitForm />);
    type("Total", "60");
    type("Name 1", "Alex");
    type("Phone 1", "2125550101");
    type("Phone 2", "555");
    submit();
    await expectFieldError(
      input("Name 2"),
      "Please enter the name of the person you're requesting payment from.",
    );
    await expectFieldError(input("Phone 2"), "Please enter a valid 10-digit US mobile number.");
    expect(document.activeElement).toBe(input("Name 2"));
    expect(input("Total").getAttribute("aria-invalid")).toBeNull();
    type("Name 2", "Sam");
    await expectFieldValid(input("Name 2"));
    await expectFieldError(input("Phone 2"), "Please enter a valid 10-digit US mobile number.");
    type("Phone 2", "2125550102");
    await expectFieldValid(input("Phone 2"));
  });

  it("puts a problem with the whole split on the Total", async () => {
    renderWithApp(<SplitForm />);
    type("Total", "0.01");
    type("Name 1", "Alex");
    type("Phone 1", "2125550101");
    type("Name 2", "Sam");
    type("Phone 2", "2125550102");
    submit();
    await expectFieldError(input("Total"), "Each share must be at least $0.01.");
    expect(document.activeElement).toBe(input("Total"));
    type("Total", "1");
    await expectFieldValid(input("Total"));
  });

  it("sends an ended session to sign-in rather than showing the raw answer, keeping what was typed", async () => {
    const calls = answerApi(401, { message: "Unauthorized" });
    renderWithApp(<SplitForm />);
    type("Total", "$1,000");
    type("Name 1", "Alex");
    type("Phone 1", "2125550101");
    fireEvent.click(screen.getByRole("button", { name: "Remove person 2" }));
    submit();
    await expectToast("Unauthorized", "You are logged out. Logging in again...");
    expect(calls.find(([method]) => method === "POST")?.[2]).toMatchObject({ total: "1000" });
    expect(screen.queryByText(/401/)).toBeNull();
    expect(input("Total").value).toBe("$1,000");
  });

  it("shows a refused split's sentence on the field it names", async () => {
    answerApi(400, {
      message: "people.0.phone: Please enter a US mobile number.",
      code: "invalid",
      field: "people.0.phone",
    });
    renderWithApp(<SplitForm />);
    type("Total", "10");
    type("Name 1", "Alex");
    type("Phone 1", "2125550101");
    fireEvent.click(screen.getByRole("button", { name: "Remove person 2" }));
    submit();
    await expectToast("Split Failed", "Please enter a US mobile number.");
    await expectFieldError(input("Phone 1"), "Please enter a US mobile number.");
    expect(document.activeElement).toBe(input("Phone 1"));
  });
});
