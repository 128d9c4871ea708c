import { describe, expect, it } from "vitest";
import { SplitInputSchema } from "#shared/schemas/split.ts";
import { MAX_PHOTO_LABEL, MAX_PHOTO_MB } from "./input-limits";
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
