import { describe, expect, it } from "vitest";
import { memoryStore } from "#client/test/memory-store.ts";
import { EMPTY_CHASE } from "./chase-fields";
import { clearRequestDraft, readRequestDraft, saveRequestDraft } from "./request-draft";

const form = { name: "Alex", phone: "(212) 555-0101", amount: "12,50", description: "" };

describe("request draft", () => {
  it("keeps what is typed, reads it back, and forgets it when cleared or emptied", () => {
    const store = memoryStore();
    saveRequestDraft({ form, chase: { ...EMPTY_CHASE, payerEmail: "a@example.com" } }, store);
    expect(readRequestDraft(store)).toEqual({ form, chase: { ...EMPTY_CHASE, payerEmail: "a@example.com" } });
    clearRequestDraft(store);
    expect(readRequestDraft(store)).toBeNull();
    saveRequestDraft({ form, chase: EMPTY_CHASE }, store);
    saveRequestDraft(
      { form: { name: " ", phone: "", amount: "", description: "" }, chase: EMPTY_CHASE },
      store,
    );
    expect(store.data.size).toBe(0);
  });

  it("reads nothing from what it did not write: broken JSON, another shape, oversized text", () => {
    const store = memoryStore();
    for (const raw of [
      "{",
      JSON.stringify({ form }),
      JSON.stringify({ form: { ...form, name: "x".repeat(201) }, chase: EMPTY_CHASE }),
    ]) {
      store.setItem("collect:request-draft", raw);
      expect(readRequestDraft(store), raw.slice(0, 30)).toBeNull();
    }
  });

  it("lives without storage (blocked, private modes)", () => {
    expect(() => saveRequestDraft({ form, chase: EMPTY_CHASE }, null)).not.toThrow();
    expect(readRequestDraft(null)).toBeNull();
  });
});
