import { describe, expect, it } from "vitest";
import { contactsManager, fromPickedContact } from "./phone-contacts";

describe("a contact picked from the phone", () => {
  it("takes the first name and the first US number, formatted as the forms show it", () => {
    expect(
      fromPickedContact({ name: ["  ", "Zoë Park"], tel: ["+44 20 7946 0958", "+1 212-555-0144"] }),
    ).toEqual({
      name: "Zoë Park",
      phone: "(212) 555-0144",
    });
    expect(fromPickedContact({ name: ["Sam"], tel: ["2125550101"] })).toEqual({
      name: "Sam",
      phone: "(212) 555-0101",
    });
  });

  it("keeps another country's number as typed (the form then says so), and copes with nothing", () => {
    expect(fromPickedContact({ name: ["Ana"], tel: ["+91 98765 43210"] }).phone).toBe("+91 98765 43210");
    expect(fromPickedContact({})).toEqual({ name: "", phone: "" });
    expect(fromPickedContact({ name: [], tel: [] })).toEqual({ name: "", phone: "" });
  });

  it("cuts a name longer than the form allows", () => {
    expect(fromPickedContact({ name: ["N".repeat(120)] }).name).toHaveLength(80);
  });

  it("is offered only where the browser has the picker", () => {
    expect(contactsManager({} as Navigator)).toBeNull();
    expect(contactsManager({ contacts: {} } as unknown as Navigator)).toBeNull();
    const manager = { select: async () => [] };
    expect(contactsManager({ contacts: manager } as unknown as Navigator)).toBe(manager);
  });
});
