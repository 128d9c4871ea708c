import { describe, expect, it } from "vitest";
import { copyProblems } from "./copy-lint.mjs";

describe("copy lint", () => {
  it("finds each rule's phrase in screen text and says why", () => {
    const text = [
      'const title = "Pick a colour";',
      'const body = "No app to install.";',
      'const tap = "Pay with one tap in Venmo or Google Pay.";',
      'const privacy = "Payers see your handle, never your email or phone.";',
    ].join("\n");
    expect(copyProblems(text)).toEqual([
      expect.stringContaining("US English"),
      expect.stringContaining("already use"),
      expect.stringContaining("never promise them one tap"),
      expect.stringContaining("an email or a phone number"),
    ]);
  });

  it("skips comments and passes honest copy", () => {
    const text = [
      "// British colour in a comment is fine",
      'const ok = "They pay in the app they already use; Zelle in their bank\'s app.";',
    ].join("\n");
    expect(copyProblems(text)).toEqual([]);
  });
});
