import { describe, expect, it } from "vitest";
import { memoryStore } from "#client/test/memory-store.ts";
import {
  CONTACT_HANDOFF_KEY,
  clearContactHandoff,
  readContactHandoff,
  storeContactHandoff,
} from "./contact-handoff";

describe("contact hand-over", () => {
  it("stores the contact as JSON under the agreed key, reads it until cleared", () => {
    const store = memoryStore();
    storeContactHandoff({ name: "Alex", phone: "2125550101" }, store);
    expect(JSON.parse(store.data.get(CONTACT_HANDOFF_KEY) ?? "")).toEqual({
      name: "Alex",
      phone: "2125550101",
    });
    expect(readContactHandoff(store)).toEqual({ name: "Alex", phone: "2125550101" });
    expect(readContactHandoff(store)).toEqual({ name: "Alex", phone: "2125550101" });
    clearContactHandoff(store);
    expect(readContactHandoff(store)).toBeNull();
  });

  it("ignores anything that is not a contact", () => {
    const store = memoryStore();
    store.setItem(CONTACT_HANDOFF_KEY, "{not json");
    expect(readContactHandoff(store)).toBeNull();
    store.setItem(CONTACT_HANDOFF_KEY, JSON.stringify({ name: 1 }));
    expect(readContactHandoff(store)).toBeNull();
  });

  it("works without storage", () => {
    expect(readContactHandoff(null)).toBeNull();
    expect(() => storeContactHandoff({ name: "A", phone: "1" }, null)).not.toThrow();
    expect(() => clearContactHandoff(null)).not.toThrow();
  });
});
