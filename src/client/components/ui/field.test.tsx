import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { Field } from "./field";

const NoteSchema = z.object({ amount: z.string(), note: z.string() });

function Form() {
  const { values, bind } = useSchemaForm({
    schema: NoteSchema,
    defaultValues: { amount: "", note: "" },
    fields: ["amount", "note"],
  });
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

  it("marks an input with an error, described by the message first and then the hint", () => {
    render(<Field label="Amount" hint="In dollars." error="Please enter a valid amount greater than $0." />);
    const amount = screen.getByLabelText("Amount");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    const [message, hint] = (amount.getAttribute("aria-describedby") ?? "").split(" ");
    expect(document.getElementById(message ?? "")?.textContent).toBe(
      "Please enter a valid amount greater than $0.",
    );
    expect(document.getElementById(hint ?? "")?.textContent).toBe("In dollars.");
  });

  it("is not marked without an error", () => {
    render(<Field label="Note" />);
    const note = screen.getByLabelText("Note");
    expect(note.getAttribute("aria-invalid")).toBeNull();
    expect(note.getAttribute("aria-describedby")).toBeNull();
  });
});
