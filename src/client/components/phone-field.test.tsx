import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { PhoneField } from "./phone-field";

function Form() {
  const [value, setValue] = useState("");
  return (
    <>
      <PhoneField label="Mobile Phone" value={value} onValueChange={setValue} />
      <output>{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText("Mobile Phone") as HTMLInputElement;
const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;

/** What a browser does on a keystroke or paste: new text, the caret after it, then `input`. */
function edit(text: string, caret = text.length) {
  const element = input();
  setNativeValue?.call(element, text);
  element.setSelectionRange(caret, caret);
  fireEvent.input(element);
}

describe("PhoneField", () => {
  it("formats as the user types, digit by digit", () => {
    render(<Form />);
    input().focus();
    for (const digit of "2125550101") edit(input().value + digit);
    expect(input().value).toBe("(212) 555-0101");
    expect(input().selectionStart).toBe(14);
    expect(screen.getByRole("status").textContent).toBe("(212) 555-0101");
  });

  it("keeps the caret beside the digit being edited in the middle", () => {
    render(<Form />);
    input().focus();
    edit("2125550101");
    // Delete the first 5 of "(212) 555-0101": the caret stays after "(212) ".
    edit("(212) 55-0101", 6);
    expect(input().value).toBe("(212) 550-101");
    expect(input().selectionStart).toBe(4);
    // Type a 9 where the 5 was.
    edit("(2129) 550-101", 5);
    expect(input().value).toBe("(212) 955-0101");
    expect(input().selectionStart).toBe(7);
  });

  it("formats a pasted +1 number and leaves another country's as typed", () => {
    render(<Form />);
    input().focus();
    edit("+1 212 555 0101");
    expect(input().value).toBe("(212) 555-0101");
    edit("+91 98765 43210");
    expect(input().value).toBe("+91 98765 43210");
  });
});
