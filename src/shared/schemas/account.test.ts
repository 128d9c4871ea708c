import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/input-limits.ts";
import { DeleteAccountInputSchema, NEW_PASSWORD_HINT, NewPasswordSchema } from "./account";

describe("NewPasswordSchema", () => {
  it("takes PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH characters, as better-auth does", () => {
    const message = (password: string) => NewPasswordSchema.safeParse(password).error?.issues[0]?.message;
    expect(message("x".repeat(PASSWORD_MIN_LENGTH - 1))).toBe("New password: at least 8 characters.");
    expect(message("x".repeat(PASSWORD_MIN_LENGTH))).toBeUndefined();
    expect(message("x".repeat(PASSWORD_MAX_LENGTH))).toBeUndefined();
    expect(message("x".repeat(PASSWORD_MAX_LENGTH + 1))).toBe("New password: at most 128 characters.");
  });

  it("hints at the same rule, in the words it had", () => {
    expect(NEW_PASSWORD_HINT).toBe("At least 8 characters.");
  });
});

describe("DeleteAccountInputSchema", () => {
  it("takes a password up to PASSWORD_MAX_LENGTH (128) characters, or none", () => {
    expect(DeleteAccountInputSchema.safeParse({ password: "x".repeat(128) }).success).toBe(true);
    expect(DeleteAccountInputSchema.safeParse({ password: "x".repeat(129) }).success).toBe(false);
    expect(DeleteAccountInputSchema.safeParse({}).success).toBe(true);
  });
});
