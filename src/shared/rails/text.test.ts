import { describe, expect, it } from "vitest";
import { asciiFold, percentEncode, singleLine, truncate } from "./text";

describe("text", () => {
  it("folds to printable ASCII", () => {
    expect(asciiFold("São João de Meriti", 99)).toBe("Sao Joao de Meriti");
    expect(asciiFold("Straße Ærø Łódź", 99)).toBe("Strasse AEro Lodz");
    expect(asciiFold("“Bob’s” café – 2…", 99)).toBe(`"Bob's" cafe - 2...`);
    expect(asciiFold("北京 🍕 Pizza\tBar", 99)).toBe("Pizza Bar");
    expect(asciiFold("Carolina Rios de Souza Araújo", 25)).toBe("Carolina Rios de Souza Ar");
  });

  it("makes text one line", () => {
    expect(singleLine(" a\r\nb\u2028c\u0000d  e ")).toBe("a b c d e");
  });

  it("cuts by characters, never inside an emoji", () => {
    expect(truncate("ab🍕cd", 3)).toBe("ab🍕");
    expect(truncate("ab cd", 3)).toBe("ab");
    expect(truncate("abc", 5)).toBe("abc");
  });

  it("percent-encodes per RFC 3986", () => {
    expect(percentEncode("a b+c&d!'()*~._-é")).toBe("a%20b%2Bc%26d%21%27%28%29%2A~._-%C3%A9");
  });
});
