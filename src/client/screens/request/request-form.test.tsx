import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userQueryOptions } from "#client/features/auth/user.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import type { User } from "#shared/schemas/user.ts";
import { RequestFormView } from "./request-form";

const ROBIN: User = {
  id: "u1",
  email: "robin@example.com",
  profileName: "Robin",
  firstName: null,
  lastName: null,
  photo: null,
};

function renderForm(contact: { name: string; phone: string } | null = null) {
  renderWithApp(<RequestFormView contact={contact} onCreatedOnDesktop={() => {}} />, (client) =>
    client.setQueryData(userQueryOptions.queryKey, ROBIN),
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
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

  it("previews the text once there is a name and an amount, signed with the user's name", () => {
    renderForm();
    expect(screen.queryByTestId("message-preview")).toBeNull();
    type("Name", "Alex");
    type("Amount", ".5");
    type("Description", "Dinner");
    const preview = screen.getByTestId("message-preview").textContent ?? "";
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
