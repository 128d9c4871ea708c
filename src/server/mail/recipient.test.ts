import { describe, expect, it } from "vitest";
import { recipientHash, recipientKey } from "./recipient";

describe("recipientKey: one key per mailbox", () => {
  it.each([
    ["Victim@Example.com", "victim@example.com"],
    ["victim+7@example.com", "victim@example.com"],
    ["Victim+news+x@TARGET.example", "victim@target.example"],
    ["  v.i.c.t.i.m+a@GMAIL.com ", "victim@gmail.com"],
    ["v.ictim@googlemail.com", "victim@gmail.com"],
    ["first.last@example.com", "first.last@example.com"],
    ["someone@bücher.example", "someone@xn--bcher-kva.example"],
    ["someone@example.com.", "someone@example.com"],
  ])("%s → %s", (address, key) => {
    expect(recipientKey(address)).toBe(key);
  });

  it("gives every spelling of one mailbox one hash, and other mailboxes another", () => {
    const spellings = Array.from({ length: 25 }, (_, i) => `${i % 2 ? "V" : "v"}ictim+${i}@Target.example`);
    expect(new Set(spellings.map(recipientHash)).size).toBe(1);
    expect(recipientHash("victim@target.example")).toBe(recipientHash(spellings[0] as string));
    expect(recipientHash("other@target.example")).not.toBe(recipientHash("victim@target.example"));
    // Not the address itself.
    expect(recipientHash("victim@target.example")).not.toContain("victim");
  });
});
