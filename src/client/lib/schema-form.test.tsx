import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Field } from "#client/components/ui/field.tsx";
import { expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { ApiError } from "./api";
import { apiFieldName, useSchemaForm } from "./schema-form";

const answer = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));
const PHONE = "Please enter a US mobile number.";

type Failing = { fail: (title: string, error: unknown) => void };

/** A two-field form whose `fail` the test calls, as a screen does with a refused call. */
function TwoFields({ expose, tellFailure }: { expose: (form: Failing) => void; tellFailure: () => void }) {
  const { bind, fail } = useSchemaForm({
    schema: z.object({ name: z.string(), phone: z.string() }),
    defaultValues: { name: "", phone: "" },
    fields: ["name", "phone"],
    apiFields: { recipientPhone: "phone" },
    tellFailure,
  });
  expose({ fail });
  return (
    <>
      <Field label="Name" {...bind("name")} />
      <Field label="Phone" {...bind("phone")} />
    </>
  );
}

function renderForm() {
  const tellFailure = vi.fn();
  let form: Failing | undefined;
  render(<TwoFields expose={(f) => (form = f)} tellFailure={tellFailure} />);
  const fail = (error: unknown) => act(() => form?.fail("Request Failed", error));
  return { fail, tellFailure };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("apiFieldName", () => {
  it("reads the answer's field (docs/product.md#errors), never the message", () => {
    expect(
      apiFieldName(
        answer(400, { message: `recipientPhone: ${PHONE}`, code: "invalid", field: "recipientPhone" }),
      ),
    ).toBe("recipientPhone");
    expect(
      apiFieldName(
        answer(400, { message: "Choose a due date from today on.", code: "invalid", field: "dueDate" }),
      ),
    ).toBe("dueDate");
    // A sentence that only looks like "field: …" names nothing.
    expect(apiFieldName(answer(400, { message: `recipientPhone: ${PHONE}`, code: "invalid" }))).toBeNull();
    expect(apiFieldName(answer(404, { message: "Not found", code: "not_found" }))).toBeNull();
    expect(apiFieldName(new Error("amount: no"))).toBeNull();
  });
});

describe("useSchemaForm's fail", () => {
  it("marks and focuses the field the answer names (by the form's name for it), with the sentence alone", async () => {
    const { fail, tellFailure } = renderForm();
    fail(answer(400, { message: `recipientPhone: ${PHONE}`, code: "invalid", field: "recipientPhone" }));
    expect(tellFailure).toHaveBeenCalledWith("Request Failed", PHONE, "phone");
    await expectFieldError(input("Phone"), PHONE);
    expect(document.activeElement).toBe(input("Phone"));
    await expectFieldValid(input("Name"));
  });

  it("marks the form's own field of the same name", async () => {
    const { fail, tellFailure } = renderForm();
    fail(answer(400, { message: "Please write the name as one line.", code: "invalid", field: "name" }));
    expect(tellFailure).toHaveBeenCalledWith("Request Failed", "Please write the name as one line.", "name");
    await expectFieldError(input("Name"), "Please write the name as one line.");
  });

  it("marks nothing for an answer without a field, or with one the form does not have", async () => {
    const { fail, tellFailure } = renderForm();
    fail(answer(400, { message: `recipientPhone: ${PHONE}`, code: "invalid" }));
    expect(tellFailure).toHaveBeenLastCalledWith("Request Failed", PHONE, null);
    fail(answer(400, { message: "Choose a due date from today on.", code: "invalid", field: "dueDate" }));
    expect(tellFailure).toHaveBeenLastCalledWith("Request Failed", "Choose a due date from today on.", null);
    fail(answer(409, { message: "Sam is saved with this number.", code: "conflict" }));
    expect(tellFailure).toHaveBeenLastCalledWith("Request Failed", "Sam is saved with this number.", null);
    await expectFieldValid(input("Phone"));
    await expectFieldValid(input("Name"));
  });
});
