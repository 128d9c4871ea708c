import { fireEvent, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { answerApi, expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import type { User } from "#shared/schemas/user.ts";
import { ProfileForm } from "./profile-form";

const ROBIN: User = {
  id: "u1",
  email: "robin@example.com",
  profileName: "Robin",
  firstName: "Robin",
  lastName: null,
  photo: null,
  country: "US",
  language: null,
  currency: "USD",
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Update Profile" }));

describe("ProfileForm", () => {
  it("asks for a display name in the product's toast, on the field, and drops the mark once typed", async () => {
    renderWithApp(<ProfileForm user={ROBIN} />);
    type("Display Name", "  ");
    save();
    await expectToast("Profile Name Required", "Please enter your profile name.");
    await expectFieldError(field("Display Name"), "Please enter your profile name.");
    expect(document.activeElement).toBe(field("Display Name"));
    // The hint is still there beside the message.
    expect(field("Display Name").getAttribute("aria-describedby")?.split(" ")).toHaveLength(2);
    type("Display Name", "Robin B");
    await expectFieldValid(field("Display Name"));
  });

  it("marks a name part that is too long", async () => {
    renderWithApp(<ProfileForm user={ROBIN} />);
    type("Last Name", "x".repeat(81));
    save();
    await expectToast("Check your details", "At most 80 characters.");
    await expectFieldError(field("Last Name"), "At most 80 characters.");
    expect(document.activeElement).toBe(field("Last Name"));
  });

  it("saves the trimmed names, then shows what was saved", async () => {
    const calls = answerApi(200, { ...ROBIN, profileName: "Rob", lastName: "Banks" });
    renderWithApp(<ProfileForm user={ROBIN} />);
    type("Display Name", " Rob ");
    type("Last Name", "Banks");
    save();
    expect(await screen.findByText("Your profile has been saved.")).toBeTruthy();
    expect(calls.find(([method]) => method === "PUT")?.[2]).toEqual({
      profileName: "Rob",
      firstName: "Robin",
      lastName: "Banks",
    });
    expect(field("Display Name").value).toBe("Rob");
  });

  it("changes the account's country, which brings its currency, and sends only what changed", async () => {
    const calls = answerApi(200, { ...ROBIN, country: "DE", currency: "EUR" });
    renderWithApp(<ProfileForm user={ROBIN} />);
    expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("US");
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "DE" } });
    expect((screen.getByLabelText("Currency") as HTMLSelectElement).value).toBe("EUR");
    save();
    expect(await screen.findByText("Your profile has been saved.")).toBeTruthy();
    expect(calls.find(([method]) => method === "PUT")?.[2]).toEqual({
      profileName: "Robin",
      firstName: "Robin",
      lastName: null,
      country: "DE",
      currency: "EUR",
    });
  });

  it("sends the chosen language with the other fields, and shows the saved one", async () => {
    const sent: unknown[] = [];
    api.use(
      http.put("/api/auth/profile", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...ROBIN, language: "de" });
      }),
    );
    renderWithApp(<ProfileForm user={ROBIN} />);
    const language = () => screen.getByLabelText("Language") as HTMLSelectElement;
    expect(language().value).toBe("");
    expect(language().selectedOptions[0]?.textContent).toBe("Same as this browser");
    fireEvent.change(language(), { target: { value: "de" } });
    save();
    expect(await screen.findByText("Your profile has been saved.")).toBeTruthy();
    expect(sent).toEqual([{ profileName: "Robin", firstName: "Robin", lastName: null, language: "de" }]);
    expect(language().value).toBe("de");
  });

  it("sends null to go back to the browser's language", async () => {
    const sent: unknown[] = [];
    api.use(
      http.put("/api/auth/profile", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...ROBIN, language: null });
      }),
    );
    renderWithApp(<ProfileForm user={{ ...ROBIN, language: "ar" }} />);
    const language = () => screen.getByLabelText("Language") as HTMLSelectElement;
    expect(language().value).toBe("ar");
    fireEvent.change(language(), { target: { value: "" } });
    save();
    expect(await screen.findByText("Your profile has been saved.")).toBeTruthy();
    expect(sent).toEqual([{ profileName: "Robin", firstName: "Robin", lastName: null, language: null }]);
    expect(language().value).toBe("");
  });

  it("sends an ended session to sign-in, keeping what was typed", async () => {
    answerApi(401, { message: "Unauthorized" });
    renderWithApp(<ProfileForm user={ROBIN} />);
    type("Display Name", "Rob");
    save();
    await expectToast("Unauthorized", "You are logged out. Logging in again...");
    expect(field("Display Name").value).toBe("Rob");
  });

  it("puts the server's sentence on the field it names", async () => {
    answerApi(400, {
      message: "profileName: Profile name: no control or text-direction characters.",
      code: "invalid",
      field: "profileName",
    });
    renderWithApp(<ProfileForm user={ROBIN} />);
    save();
    await expectToast("Update Failed", "Profile name: no control or text-direction characters.");
    await expectFieldError(field("Display Name"), "Profile name: no control or text-direction characters.");
  });
});
