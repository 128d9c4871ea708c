import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { answerApi, expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import { PAYER_EMAIL_MESSAGE } from "#shared/schemas/payment-request.ts";
import { ContactDialog } from "./contact-dialog";

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save contact" }));

describe("ContactDialog", () => {
  it("marks the name and phone, tells and focuses the first, and clears each once fixed", async () => {
    renderWithApp(<ContactDialog onClose={() => {}} />);
    type("Mobile Phone", "+44 20 7946 0958");
    save();
    await expectToast("Name Required", "Please enter the name of the person you're requesting payment from.");
    await expectFieldError(
      field("Name"),
      "Please enter the name of the person you're requesting payment from.",
    );
    await expectFieldError(field("Mobile Phone"), "Please enter a US mobile number.");
    expect(document.activeElement).toBe(field("Name"));
    type("Name", "Alex Morgan");
    await expectFieldValid(field("Name"));
    save();
    await expectToast("Invalid Phone Number", "Please enter a US mobile number.");
    expect(document.activeElement).toBe(field("Mobile Phone"));
    type("Mobile Phone", "2125550101");
    await expectFieldValid(field("Mobile Phone"));
  });

  it("puts a number saved under another name (409) on the phone, keeping the dialog and what was typed", async () => {
    answerApi(409, { message: "Sam Lee is saved with this number." });
    const onClose = vi.fn();
    renderWithApp(<ContactDialog onClose={onClose} />);
    type("Name", "Alex Morgan");
    type("Mobile Phone", "2125550101");
    save();
    await expectToast("Contact Not Saved", "Sam Lee is saved with this number.");
    await expectFieldError(field("Mobile Phone"), "Sam Lee is saved with this number.");
    expect(document.activeElement).toBe(field("Mobile Phone"));
    expect(field("Name").value).toBe("Alex Morgan");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("saves the contact as digits and closes", async () => {
    const calls = answerApi(200, { id: "p1", name: "Alex Morgan", phone: "2125550101", email: null });
    const onClose = vi.fn();
    renderWithApp(<ContactDialog onClose={onClose} />);
    type("Name", " Alex Morgan ");
    type("Mobile Phone", "212-555-0101");
    save();
    expect(await screen.findByText("Alex Morgan is in your contacts.")).toBeTruthy();
    expect(calls.find(([method]) => method === "POST")?.[2]).toEqual({
      name: "Alex Morgan",
      phone: "2125550101",
      email: null,
      // "Same as mine": the requester's language, stored as none.
      language: null,
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("saves an optional email, and marks one the shared schema refuses on its field", async () => {
    const calls = answerApi(200, {
      id: "p1",
      name: "Alex Morgan",
      phone: "2125550101",
      email: "alex@example.com",
    });
    const onClose = vi.fn();
    renderWithApp(<ContactDialog onClose={onClose} />);
    type("Name", "Alex Morgan");
    type("Mobile Phone", "2125550101");
    type("Email", "alex@");
    save();
    await expectFieldError(field("Email"), PAYER_EMAIL_MESSAGE);
    expect(document.activeElement).toBe(field("Email"));
    expect(calls.filter(([method]) => method === "POST")).toEqual([]);
    type("Email", " alex@example.com ");
    await expectFieldValid(field("Email"));
    save();
    expect(await screen.findByText("Alex Morgan is in your contacts.")).toBeTruthy();
    expect(calls.find(([method]) => method === "POST")?.[2]).toEqual({
      name: "Alex Morgan",
      phone: "2125550101",
      email: "alex@example.com",
      language: null,
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("edits a contact's email, and clearing it sends null", async () => {
    const calls = answerApi(200, { id: "p1", name: "Alex Morgan", phone: "2125550101", email: null });
    renderWithApp(
      <ContactDialog
        payee={{ id: "p1", name: "Alex Morgan", phone: "2125550101", email: "alex@example.com" }}
        onClose={() => {}}
      />,
    );
    expect(field("Email").value).toBe("alex@example.com");
    type("Email", "");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await expect
      .poll(() => calls.find(([method]) => method === "PATCH")?.[2])
      .toEqual({
        name: "Alex Morgan",
        phone: "2125550101",
        email: null,
        language: null,
      });
  });

  it("keeps the language Collect speaks to the contact: shown when editing, sent when changed", async () => {
    const calls = answerApi(200, {
      id: "p1",
      name: "Ana Souza",
      phone: "2125550101",
      email: null,
      language: "es",
    });
    renderWithApp(
      <ContactDialog
        payee={{ id: "p1", name: "Ana Souza", phone: "2125550101", email: null, language: "es" }}
        onClose={() => {}}
      />,
    );
    const language = screen.getByLabelText("Language") as HTMLSelectElement;
    expect(language.value).toBe("es");
    expect([...language.options].map((o) => o.text)).toEqual([
      "Same as mine",
      "English",
      "Español",
      "Português (Brasil)",
      "Français",
      "Deutsch",
      "हिन्दी",
      "العربية",
    ]);
    expect(language.selectedOptions[0]?.lang).toBe("es");
    fireEvent.change(language, { target: { value: "pt-BR" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await expect
      .poll(() => calls.find(([method]) => method === "PATCH")?.[2])
      .toMatchObject({ name: "Ana Souza", language: "pt-BR" });
  });

  it("sends an ended session to sign-in", async () => {
    answerApi(401, { message: "Unauthorized" });
    renderWithApp(<ContactDialog onClose={() => {}} />);
    type("Name", "Alex Morgan");
    type("Mobile Phone", "2125550101");
    save();
    await expectToast("Unauthorized", "You are logged out. Logging in again...");
  });
});
