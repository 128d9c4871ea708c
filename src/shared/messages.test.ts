import { describe, expect, it } from "vitest";
import { MAX_OCCURRENCES, RECURRING_MESSAGES } from "#shared/schedule/recurrence.ts";
import { MAX_REMINDER_DAY, MAX_REMINDERS, REMINDER_MESSAGES } from "#shared/schedule/reminders.ts";
import { NEW_PASSWORD_HINT, NewPasswordSchema } from "#shared/schemas/account.ts";
import { CLAIM_NOTE_MAX, ClaimInputSchema } from "#shared/schemas/claim.ts";
import { CREDENTIAL_MESSAGES } from "#shared/schemas/sign-in.ts";
import { SPLIT_MAX_PEOPLE, SplitInputSchema } from "#shared/schemas/split.ts";
import {
  DESCRIPTION_MAX,
  MAX_AMOUNT_LABEL,
  MAX_PHOTO_LABEL,
  MAX_PHOTO_MB,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RECIPIENT_NAME_MAX,
} from "./input-limits";
import { LIMIT_MESSAGES, PHOTO_MESSAGES, SPLIT_MESSAGES, VALIDATION } from "./messages";
import { planSplit } from "./split";

// Texts built from the limits they state, checked against the words they had when written out.
describe("texts built from the limits", () => {
  it("states the largest amount with the money formatter", () => {
    expect(LIMIT_MESSAGES.amountTooLarge).toBe("Please enter an amount of at most $1,000,000.00.");
  });

  it("states the photo limit in MB", () => {
    expect(MAX_PHOTO_MB).toBe(5);
    expect(MAX_PHOTO_LABEL).toBe("5 MB");
    expect(PHOTO_MESSAGES.tooLarge).toBe("The photo is larger than 5 MB.");
  });
});

// The texts are written out whole so that `lingui extract` finds them (a translator sees "80", not
// a placeholder nobody fills): each must still state its limit's value.
describe("texts that state a limit state its value", () => {
  it.each([
    [LIMIT_MESSAGES.amountTooLarge, MAX_AMOUNT_LABEL],
    [LIMIT_MESSAGES.nameTooLong, ` ${RECIPIENT_NAME_MAX} characters`],
    [LIMIT_MESSAGES.descriptionTooLong, ` ${DESCRIPTION_MAX} characters`],
    [PHOTO_MESSAGES.tooLarge, ` ${MAX_PHOTO_LABEL}.`],
    [NEW_PASSWORD_HINT, ` ${PASSWORD_MIN_LENGTH} characters`],
    [CREDENTIAL_MESSAGES.shortPassword, ` ${PASSWORD_MIN_LENGTH} characters`],
    [CREDENTIAL_MESSAGES.longPassword, ` ${PASSWORD_MAX_LENGTH} characters`],
    [RECURRING_MESSAGES.count, ` ${MAX_OCCURRENCES} times`],
    [REMINDER_MESSAGES.day, ` ${MAX_REMINDER_DAY}.`],
    [REMINDER_MESSAGES.tooMany, ` ${MAX_REMINDERS} reminders`],
  ])("%s", (text, limit) => {
    expect(text).toContain(limit);
  });

  it("in the schemas' own answers", () => {
    const tooLong = "x".repeat(PASSWORD_MAX_LENGTH + 1);
    expect(NewPasswordSchema.safeParse("short").error?.issues[0]?.message).toBe(
      `New password: at least ${PASSWORD_MIN_LENGTH} characters.`,
    );
    expect(NewPasswordSchema.safeParse(tooLong).error?.issues[0]?.message).toBe(
      `New password: at most ${PASSWORD_MAX_LENGTH} characters.`,
    );
    const note = ClaimInputSchema.safeParse({ via: "venmo", note: "x".repeat(CLAIM_NOTE_MAX + 1) });
    expect(note.error?.issues.map((issue) => issue.message)).toContain(
      `Note: at most ${CLAIM_NOTE_MAX} characters.`,
    );
    const people = Array.from({ length: SPLIT_MAX_PEOPLE + 1 }, (_, i) => ({
      recipientName: `P${i}`,
      recipientPhone: `(415) 555-${String(1000 + i)}`,
      amount: "1.00",
    }));
    const split = SplitInputSchema.safeParse({ description: "x", total: "100.00", people });
    expect(split.error?.issues.map((issue) => issue.message)).toContain(
      `At most ${SPLIT_MAX_PEOPLE} people in one split.`,
    );
  });
});

describe("split texts, one sentence each for the planner and the schema", () => {
  const person = { name: "Alex", phone: "2125550101" };

  it("has the words it had", () => {
    expect(SPLIT_MESSAGES).toEqual({
      noPeople: "Please add at least one person.",
      amountEach: "Please enter an amount greater than $0 for each person.",
    });
  });

  it("says the same from planSplit and from SplitInputSchema", () => {
    const plan = (total: string, people: number, custom: string[] | null = null) =>
      planSplit({ total, includeMe: false, custom, people });
    expect(plan("0", 1)).toEqual({ ok: false, message: VALIDATION.amount.description });
    expect(plan("10", 0)).toEqual({ ok: false, message: SPLIT_MESSAGES.noPeople });
    expect(plan("10", 2, ["10", "0"])).toEqual({ ok: false, message: SPLIT_MESSAGES.amountEach });

    const messages = (input: unknown) =>
      SplitInputSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ total: "10", people: [] })).toEqual([SPLIT_MESSAGES.noPeople]);
    expect(messages({ total: "10", people: [{ ...person, amount: "10" }, person] })).toEqual([
      SPLIT_MESSAGES.amountEach,
    ]);
  });
});
