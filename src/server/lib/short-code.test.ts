import { expect, it } from "vitest";
import { SHORT_CODE_LENGTH } from "#shared/schemas/payment-request.ts";
import { newShortCode, SHORT_CODE_BITS } from "./short-code";

it("draws at least 59 bits in at most 10 unambiguous characters", () => {
  expect(SHORT_CODE_LENGTH).toBeLessThanOrEqual(10);
  expect(SHORT_CODE_BITS).toBeGreaterThanOrEqual(59);
  const codes = Array.from({ length: 5000 }, newShortCode);
  for (const code of codes) {
    expect(code).toMatch(/^[1-9A-HJ-NP-Za-km-z_-]{9}[1-9A-HJ-NP-Za-km-z]$/);
  }
  expect(new Set(codes).size).toBe(codes.length);
});
