import { describe, expect, it } from "vitest";
import { VALIDATION } from "#shared/messages.ts";
import { formValidationToast } from "./validation-toast";

describe("formValidationToast", () => {
  it("keeps the product's titles", () => {
    expect(formValidationToast(VALIDATION.handleRequired.description)).toEqual(VALIDATION.handleRequired);
    expect(formValidationToast(VALIDATION.profileName.description).title).toBe("Profile Name Required");
  });

  it("titles a handle format problem 'Invalid Handle'", () => {
    const message = "Cash App: the $Cashtag starts with $ followed by up to 20 letters and numbers.";
    expect(formValidationToast(message)).toEqual({ title: "Invalid Handle", description: message });
  });

  it("titles the limits the product leaves open, and anything else generically", () => {
    expect(formValidationToast("Please enter a US mobile number.").title).toBe("Invalid Phone Number");
    expect(formValidationToast("Please keep the name to 80 characters.").title).toBe("Name Too Long");
    expect(formValidationToast("Something else")).toEqual({
      title: "Check your details",
      description: "Something else",
    });
  });
});
