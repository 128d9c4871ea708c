import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ResetPasswordFormSchema } from "#shared/schemas/account.ts";
import { SignInFormSchema, SignUpFormSchema } from "#shared/schemas/sign-in.ts";
import { SIGN_IN_MESSAGES, signInErrorMessage } from "./sign-in-errors";

/** The first message the form's shared schema gives (the one the first marked field shows), or null. */
const firstProblem = (schema: z.ZodType, values: unknown) =>
  schema.safeParse(values).error?.issues[0]?.message ?? null;
const credentialsProblem = (mode: "sign-in" | "sign-up", email: string, password: string) =>
  firstProblem(mode === "sign-in" ? SignInFormSchema : SignUpFormSchema, { email, password });
const newPasswordProblem = (newPassword: string) => firstProblem(ResetPasswordFormSchema, { newPassword });

describe("signInErrorMessage", () => {
  it("maps better-auth's answers to sentences", () => {
    const msg = (status: number, code: string | null, message: string) =>
      signInErrorMessage({ status, code, message });
    expect(msg(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password")).toBe(SIGN_IN_MESSAGES.invalid);
    expect(msg(422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "User already exists. Use another email.")).toBe(
      SIGN_IN_MESSAGES.taken,
    );
    expect(msg(400, "PASSWORD_TOO_SHORT", "Password too short")).toBe(SIGN_IN_MESSAGES.shortPassword);
    expect(msg(400, "PASSWORD_TOO_LONG", "Password too long")).toBe(SIGN_IN_MESSAGES.longPassword);
    expect(msg(429, null, "Too many requests. Please try again later.")).toBe(SIGN_IN_MESSAGES.rateLimited);
    expect(msg(403, null, "Cross-site request refused.")).toBe("Cross-site request refused.");
  });
});

describe("SignInFormSchema, SignUpFormSchema", () => {
  it("checks before calling the server", () => {
    expect(credentialsProblem("sign-in", "", "x")).toBe(SIGN_IN_MESSAGES.missing);
    expect(credentialsProblem("sign-in", "  ", "x")).toBe(SIGN_IN_MESSAGES.missing);
    expect(credentialsProblem("sign-in", "a@b.co", "")).toBe(SIGN_IN_MESSAGES.missing);
    expect(credentialsProblem("sign-up", "a@b.co", "")).toBe(SIGN_IN_MESSAGES.missing);
    expect(credentialsProblem("sign-in", "nope", "x")).toBe(SIGN_IN_MESSAGES.badEmail);
    expect(credentialsProblem("sign-in", "a@b.co", "short")).toBeNull();
    expect(credentialsProblem("sign-up", "a@b.co", "short")).toBe(SIGN_IN_MESSAGES.shortPassword);
    expect(credentialsProblem("sign-up", "nope", "long enough")).toBe(SIGN_IN_MESSAGES.badEmail);
    expect(credentialsProblem("sign-up", "a@b.co", "x".repeat(129))).toBe(SIGN_IN_MESSAGES.longPassword);
    expect(credentialsProblem("sign-in", "a@b.co", "x".repeat(129))).toBeNull();
  });
});

describe("ResetPasswordFormSchema (Choose a new password)", () => {
  it("checks with the shared schema: 8 to 128 characters", () => {
    expect(newPasswordProblem("x".repeat(7))).toBe(SIGN_IN_MESSAGES.shortPassword);
    expect(newPasswordProblem("x".repeat(8))).toBeNull();
    expect(newPasswordProblem("x".repeat(128))).toBeNull();
    expect(newPasswordProblem("x".repeat(129))).toBe(SIGN_IN_MESSAGES.longPassword);
  });

  it("says so in the words the screens had", () => {
    expect(SIGN_IN_MESSAGES.shortPassword).toBe("Password must be at least 8 characters.");
    expect(SIGN_IN_MESSAGES.longPassword).toBe("Password must be at most 128 characters.");
  });
});
