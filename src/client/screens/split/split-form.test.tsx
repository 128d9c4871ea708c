import { fireEvent, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { api } from "#client/test/msw.ts";
import { renderWithApp } from "#client/test/render.tsx";
import { SplitForm } from "./split-form";

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Create requests" }));

describe("SplitForm", () => {
  // No saved contacts to pick from.
  beforeEach(() => api.use(http.get("/api/payees", () => HttpResponse.json([]))));

  it("reads a total as typed ($, thousands, a decimal comma) and drops its message once it is fixed", async () => {
    renderWithApp(<SplitForm />);
    type("Total", "12,5,0");
    submit();
    expect(await screen.findByText("Please enter a valid amount greater than $0.")).toBeTruthy();
    type("Total", "$100");
    expect(screen.queryByText("Please enter a valid amount greater than $0.")).toBeNull();
    // An even split of $100 between the two people is shown as typed, "$" and all.
    expect(screen.getAllByText("$50.00")).toHaveLength(2);
    type("Total", "1,250");
    expect(screen.getAllByText("$625.00")).toHaveLength(2);
    type("Total", "12,50");
    expect(screen.getAllByText("$6.25")).toHaveLength(2);
  });
});
