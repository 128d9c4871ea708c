import { cleanup, fireEvent, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { userQueryOptions } from "#client/features/auth/user.ts";
import { answerApi, expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { INTERNATIONAL_PHONE_MESSAGES } from "#shared/messages.ts";
import { checkMobile } from "#shared/phone-international.ts";
import { NOTIFICATION_EVENTS } from "#shared/schemas/notifications.ts";
import { type InputRegion, US_INPUT } from "#shared/schemas/payment-request.ts";
import type { User } from "#shared/schemas/user.ts";
import { RequestFormView } from "./request-form";

const ROBIN: User = {
  id: "u1",
  email: "robin@example.com",
  profileName: "Robin",
  firstName: null,
  lastName: null,
  photo: null,
  country: "US",
  language: null,
  currency: "USD",
};

function renderForm(contact: { name: string; phone: string } | null = null, region: InputRegion = US_INPUT) {
  renderWithApp(
    <RequestFormView contact={contact} region={region} onCreatedOnDesktop={() => {}} />,
    (client) => client.setQueryData(userQueryOptions.queryKey, ROBIN),
  );
}

/** A German account: numbers written the German way, amounts in euros with a decimal comma. */
const GERMANY: InputRegion = {
  country: "DE",
  currency: "EUR",
  checkMobile: (input) => checkMobile(input, "DE"),
};

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole("button", { name: "Send Request" }));

describe("RequestFormView", () => {
  it("checks the name, then the phone, then the amount, each with its own toast", async () => {
    renderForm();
    send();
    await expectToast("Name Required", "Please enter the name of the person you're requesting payment from.");
    type("Name", "Alex Morgan");
    send();
    await expectToast("Phone Number Required", "Please enter a mobile phone number.");
    type("Mobile Phone", "555");
    send();
    await expectToast("Invalid Amount", "Please enter a valid amount greater than $0.");
    type("Amount", "25.5");
    send();
    await expectToast("Invalid Phone Number", "Please enter a valid 10-digit US mobile number.");
    type("Mobile Phone", "2125550101");
    type("Amount", "10.999");
    send();
    await expectToast("Invalid Amount", "Please enter an amount with at most 2 decimal places, like 25.50.");
  });

  it("marks every bad field, focuses the one its toast is about, and clears each mark once fixed", async () => {
    renderForm();
    type("Mobile Phone", "555");
    send();
    await expectToast("Name Required", "Please enter the name of the person you're requesting payment from.");
    await expectFieldError(
      field("Name"),
      "Please enter the name of the person you're requesting payment from.",
    );
    await expectFieldError(field("Mobile Phone"), "Please enter a valid 10-digit US mobile number.");
    await expectFieldError(field("Amount"), "Please enter a valid amount greater than $0.");
    expect(document.activeElement).toBe(field("Name"));
    expect(field("Description").getAttribute("aria-invalid")).toBeNull();

    type("Name", "Alex Morgan");
    await expectFieldValid(field("Name"));
    await expectFieldError(field("Mobile Phone"), "Please enter a valid 10-digit US mobile number.");
    // The product asks for an amount before a phone's format: that toast, on that field.
    send();
    await expectToast("Invalid Amount", "Please enter a valid amount greater than $0.");
    expect(document.activeElement).toBe(field("Amount"));

    type("Amount", "25");
    type("Mobile Phone", "2125550101");
    await expectFieldValid(field("Amount"));
    await expectFieldValid(field("Mobile Phone"));
    // The hint still describes the phone once its message is gone.
    expect(field("Mobile Phone").getAttribute("aria-describedby")).toBeTruthy();
  });

  it("shows the server's sentence for a refused request on the field it names, keeping what was typed", async () => {
    const calls = answerApi(400, {
      message: "recipientPhone: Please enter a US mobile number.",
      code: "invalid",
      field: "recipientPhone",
    });
    renderForm();
    type("Name", "Alex Morgan");
    type("Mobile Phone", "2125550101");
    type("Amount", "12,50");
    send();
    await expectToast("Request Failed", "Please enter a US mobile number.");
    await expectFieldError(field("Mobile Phone"), "Please enter a US mobile number.");
    expect(document.activeElement).toBe(field("Mobile Phone"));
    expect(calls[0]?.[2]).toMatchObject({ recipientPhone: "2125550101", amount: "12.50" });
    expect([field("Name").value, field("Mobile Phone").value, field("Amount").value]).toEqual([
      "Alex Morgan",
      "(212) 555-0101",
      "12,50",
    ]);
  });

  it("marks a refused payer email where it is, opening its section, not only in a toast", async () => {
    answerApi(400, {
      message: "payerEmail: Enter the payer's email address, like alex@example.com.",
      code: "invalid",
      field: "payerEmail",
    });
    renderForm();
    type("Name", "Alex Morgan");
    type("Mobile Phone", "2125550101");
    type("Amount", "12");
    send();
    await expectToast("Request Failed", "Enter the payer's email address, like alex@example.com.");
    const email = field(/Payer's email/);
    await expectFieldError(email, "Enter the payer's email address, like alex@example.com.");
    expect(document.activeElement).toBe(email);
    // Typing in the section takes the mark away.
    type(/Payer's email/, "alex@example.com");
    await expectFieldValid(email);
  });

  it("keeps what was typed when the page comes back (a reload, the phone's Back), not for a picked contact", () => {
    // The section's Default label asks for the requester's own days; not what this test is about.
    api.use(
      http.get("/api/notifications/settings", () =>
        HttpResponse.json({ message: "Not found" }, { status: 404 }),
      ),
    );
    renderForm();
    type("Name", "Alex Morgan");
    type("Mobile Phone", "2125550101");
    type("Amount", "12,50");
    fireEvent.click(screen.getByRole("button", { name: "Due date, email and reminders" }));
    type(/Payer's email/, "alex@example.com");
    cleanup();
    renderForm();
    expect([field("Name").value, field("Mobile Phone").value, field("Amount").value]).toEqual([
      "Alex Morgan",
      "(212) 555-0101",
      "12,50",
    ]);
    // Its section open again, with what was in it.
    expect(field(/Payer's email/).value).toBe("alex@example.com");
    cleanup();
    renderForm({ name: "Sam Lee", phone: "2125550102" });
    expect([field("Name").value, field("Amount").value]).toEqual(["Sam Lee", ""]);
  });

  it("keeps focus on Send Request while it sends and after a failure that names no field", async () => {
    let answer: (response: Response) => void = () => {};
    api.use(http.post("/api/payment-requests", () => new Promise<Response>((resolve) => (answer = resolve))));
    renderForm();
    type("Name", "Alex Morgan");
    type("Mobile Phone", "2125550101");
    type("Amount", "12");
    const button = screen.getByRole("button", { name: "Send Request" });
    button.focus();
    send();
    // Busy, not disabled: a disabled button drops focus to the page, and Tab starts over.
    const sending = await screen.findByRole("button", { name: "Sending..." });
    expect([sending.getAttribute("aria-disabled"), sending.hasAttribute("disabled")]).toEqual([
      "true",
      false,
    ]);
    expect(document.activeElement).toBe(button);
    answer(HttpResponse.json({ message: "Collect is busy. Please try again." }, { status: 503 }));
    await expectToast("Request Failed", "Collect is busy. Please try again.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Send Request" }));
  });

  it("sends an ended session to sign-in", async () => {
    answerApi(401, { message: "Unauthorized" });
    renderForm({ name: "Alex Morgan", phone: "2125550101" });
    type("Amount", "5");
    send();
    await expectToast("Unauthorized", "You are logged out. Logging in again...");
    expect(field("Amount").value).toBe("5");
  });

  it("previews the text once there is a name and an amount, signed with the user's name", async () => {
    renderForm();
    expect(screen.queryByTestId("message-preview")).toBeNull();
    type("Name", "Alex");
    type("Amount", ".5");
    type("Description", "Dinner");
    // Its words load with the payer's language (here the requester's own: English).
    const preview = (await screen.findByTestId("message-preview")).textContent ?? "";
    expect(preview).toContain("Robin");
    expect(preview).toContain("$0.50");
    expect(preview).toContain("Dinner");
  });

  it("starts from a contact picked on Contacts, its phone formatted", () => {
    renderForm({ name: "Alex Morgan", phone: "2125550101" });
    expect(field("Name").value).toBe("Alex Morgan");
    expect(field("Mobile Phone").value).toBe("(212) 555-0101");
    expect(field("Amount").value).toBe("");
    expect(screen.getByRole("checkbox", { name: "Save contact for future payment requests" })).toBeTruthy();
  });
});

describe("RequestFormView outside the US", () => {
  it("reads a German number and a decimal comma, asks in euros or a currency chosen, and keeps the US form as it was", async () => {
    const calls = answerApi(400, { message: "Try again", code: "invalid" });
    renderForm(null, GERMANY);
    // No US formatting under the caret, and no currency choice on a US account's form.
    type("Name", "Jonas");
    type("Mobile Phone", "030 123456");
    type("Amount", "1.250,5");
    send();
    await expectToast("Invalid Phone Number", INTERNATIONAL_PHONE_MESSAGES.notMobile);
    type("Mobile Phone", "0151 2345 6789");
    expect(field("Mobile Phone").value).toBe("0151 2345 6789");
    expect(screen.getByText("€")).toBeTruthy();
    expect(screen.getByText(/Jonas, Robin is requesting €1,250\.50/)).toBeTruthy();
    send();
    await expectToast("Request Failed", "Try again");
    expect(calls.find(([method]) => method === "POST")?.[2]).toMatchObject({
      recipientPhone: "+4915123456789",
      amount: "1250.50",
      currency: "EUR",
    });
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "JPY" } });
    type("Amount", "1500");
    expect(screen.getByText("¥")).toBeTruthy();
    send();
    await vi.waitFor(() => expect(calls.filter(([method]) => method === "POST")).toHaveLength(2));
    expect(calls.filter(([method]) => method === "POST")[1]?.[2]).toMatchObject({
      amount: "1500",
      currency: "JPY",
    });
  });

  it("offers no currency choice to a US account", () => {
    renderForm();
    expect(screen.queryByLabelText("Currency")).toBeNull();
    expect(screen.getByText("$")).toBeTruthy();
  });
});

describe("RequestFormView's due date and reminders", () => {
  it("labels Default with the requester's own days, read once the section opens", async () => {
    let asked = 0;
    api.use(
      http.get("/api/notifications/settings", () => {
        asked++;
        return HttpResponse.json({
          channels: Object.fromEntries(
            NOTIFICATION_EVENTS.map((event) => [event, { email: true, push: false }]),
          ),
          quietHours: { start: "21:00", end: "08:00" },
          digestHour: null,
          timeZone: "America/New_York",
          reminderDays: [2, 5],
          push: { configured: false, publicKey: null },
          subscriptions: [],
        });
      }),
    );
    renderForm();
    expect(asked).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Due date, email and reminders" }));
    expect(await screen.findByText("Default (2 days, 5 days after sending)")).toBeTruthy();
    expect(asked).toBe(1);
  });
});
