import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=1+2", "'=1+2"],
    ["+1", "'+1"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    // `;` separates cells where the decimal mark is a comma: a cell led by it, or holding it, stays one text cell.
    [";=1+2", `"';=1+2"`],
    ["a;=1+2", '"a;=1+2"'],
    ["", ""],
  ])("%j → %j", (input, output) => expect(csvCell(input)).toBe(output));
});

it("joins rows with CRLF", () => {
  expect(
    toCsv([
      ["a", "b"],
      ["1", "x,y"],
    ]),
  ).toBe('a,b\r\n1,"x,y"\r\n');
});
