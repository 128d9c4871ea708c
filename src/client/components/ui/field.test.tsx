import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useFormValues } from "#client/lib/use-form-values.ts";
import { Field } from "./field";

function Form() {
  const { values, bind } = useFormValues({ amount: "", note: "" });
  return (
    <>
      <Field
        label="Amount"
        hint="In dollars."
        leading={<span data-testid="dollar">$</span>}
        inputClassName="pl-7"
        {...bind("amount")}
      />
      <Field label="Note" labelAside={<span>(optional)</span>} {...bind("note")} />
      <output>{JSON.stringify(values)}</output>
    </>
  );
}

describe("Field", () => {
  it("labels its input, describes it by the hint, and keeps a leading sign inside the box", () => {
    render(<Form />);
    const amount = screen.getByLabelText("Amount") as HTMLInputElement;
    expect(amount.getAttribute("aria-describedby")).toBe(screen.getByText("In dollars.").id);
    expect(amount.className).toContain("pl-7");
    expect(amount.className).not.toContain("mt-1.5");
    expect(screen.getByTestId("dollar").parentElement).toBe(amount.parentElement);
    expect(amount.parentElement?.className).toBe("relative mt-1.5");
    const note = screen.getByLabelText("Note");
    expect(note.className).toContain("mt-1.5");
    expect(screen.getByText("(optional)").previousElementSibling?.textContent).toBe("Note");
  });

  it("gives each bound field's edits to its own key of the form", () => {
    render(<Form />);
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "12.50" } });
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "Lunch" } });
    expect(JSON.parse(screen.getByRole("status").textContent ?? "")).toEqual({
      amount: "12.50",
      note: "Lunch",
    });
  });
});
