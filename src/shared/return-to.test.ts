import { expect, it } from "vitest";
import { safeReturnTo } from "./return-to";

it.each([
  ["/profile", "/profile"],
  ["/pay/abc?x=1", "/pay/abc?x=1"],
  ["//evil.example", "/"],
  ["/\\evil.example", "/"],
  ["https://evil.example", "/"],
  ["javascript:alert(1)", "/"],
  ["/\t/evil.example", "/"],
  [undefined, "/"],
  [42, "/"],
])("safeReturnTo(%j) is %j", (input, expected) => expect(safeReturnTo(input)).toBe(expected));
