import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("contact initials", () => {
  it("takes the first and the last name", () => {
    expect(initials("Alex Morgan")).toBe("AM");
    expect(initials("Mary Ann Smith")).toBe("MS");
    expect(initials("  sam   lee  ")).toBe("SL");
    expect(initials("Cher")).toBe("C");
  });

  it("skips punctuation and words that are not names", () => {
    expect(initials("“Big” Mike")).toBe("BM");
    expect(initials("(Grandma) Rose")).toBe("GR");
    expect(initials("Sam & Alex")).toBe("SA");
    expect(initials("Jo -")).toBe("J");
    expect(initials("José Álvarez")).toBe("JÁ");
  });

  it("gives one letter per name even where upper case is longer", () => {
    expect(initials("straße")).toBe("S");
    expect(initials("ßam Lee")).toBe("SL");
    expect(initials("")).toBe("");
  });
});
