import { describe, expect, it } from "vitest";
import { ENGLISH } from "#shared/i18n/english.ts";
import { handleProblem, US_PROVIDERS } from "#shared/providers.ts";
import { CONTACT_HANDLE_PROVIDERS, WHY_CONNECT_POINTS, whyConnectText } from "./why-connect-points";

const text = WHY_CONNECT_POINTS.map((point) => {
  const { title, body } = whyConnectText(point, ENGLISH);
  return `${title} ${body}`;
}).join(" ");

describe("Why Connect panel", () => {
  it("names exactly the providers whose handle may be an email or a phone number", () => {
    const takesContact = US_PROVIDERS.filter(
      (p) => handleProblem(p, "robin@example.com") === null || handleProblem(p, "(212) 555-0107") === null,
    );
    expect([...CONTACT_HANDLE_PROVIDERS]).toEqual(takesContact);
    expect(text).toContain("For Zelle and Google Pay that is your email or phone number.");
  });
});
