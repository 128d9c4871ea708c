import { describe, expect, it } from "vitest";
import { calledBy } from "./person-name.ts";

describe("calledBy", () => {
  it.each([
    ["Sam Lee", "Sam"],
    ["  Robin  ", "Robin"],
    ["Dr. Priya Patel", "Dr. Patel"],
    ["Dr. Patel", "Dr. Patel"],
    ["Ms Alvarez", "Ms Alvarez"],
    ["Dr.", "Dr."],
    ["Prof. 🎓 Ada Lovelace", "Prof. Lovelace"],
    ["🎉 Party", "Party"],
    ["Zoë O’Brien", "Zoë"],
  ])("%j → %j", (name, called) => expect(calledBy(name)).toBe(called));

  it("is null for a name with no letter", () => {
    expect(calledBy("🎉")).toBeNull();
    expect(calledBy("   ")).toBeNull();
  });
});
