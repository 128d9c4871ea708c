import { describe, expect, it } from "vitest";
import { memoryStore } from "#client/test/memory-store.ts";
import { EMPTY_CHASE } from "./chase-fields";
import {
  clearDrafts,
  clearRequestDraft,
  readRequestDraft,
  readSplitDraft,
  saveRequestDraft,
  saveSplitDraft,
} from "./request-draft";

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

describe("split draft", () => {
  const split = {
    total: "90",
    description: "Cabin",
    includeMe: false,
    custom: false,
    people: [{ name: "Ana", phone: "2125550101", amount: "" }],
    dueDate: "",
  };

  it("keeps a typed split, forgets an empty one, and goes with every other draft on sign-out", () => {
    const store = memoryStore();
    saveSplitDraft(split, store);
    expect(readSplitDraft(store)).toEqual(split);
    saveRequestDraft({ form, chase: EMPTY_CHASE }, store);
    clearDrafts(store);
    expect(store.data.size).toBe(0);
    saveSplitDraft(
      { ...split, total: "", description: "", people: [{ name: " ", phone: "", amount: "" }] },
      store,
    );
    expect(store.data.size).toBe(0);
  });

  it("reads back no more people than a split takes", () => {
    const store = memoryStore();
    store.setItem(
      "collect:split-draft",
      JSON.stringify({ ...split, people: Array.from({ length: 21 }, () => split.people[0]) }),
    );
    expect(readSplitDraft(store)).toBeNull();
  });
});
