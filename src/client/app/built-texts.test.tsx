import { describe, expect, it } from "vitest";
import { GUIDELINES } from "#client/screens/photo/photo-page.tsx";
import { SIGN_IN_VIEWS } from "#client/screens/sign-in/sign-in-page.tsx";

// Screen texts built from the shared limits, checked against the words they had when written out
// (a DOM test only because the photo page loads Uppy).
describe("screen texts built from the limits", () => {
  it("sign-up states the shortest password", () => {
    expect(SIGN_IN_VIEWS["sign-up"].lead).toBe("Your email and a password of at least 8 characters.");
  });

  it("the photo guidelines state the largest file", () => {
    expect(GUIDELINES).toContain("Maximum file size 5MB");
  });
});
