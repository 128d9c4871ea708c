import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Form } from "./form";

describe("Form", () => {
  it("hands a submission to the app without reloading the page or the browser's bubbles", () => {
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit} aria-label="Pay">
        <input type="email" required defaultValue="not an email" />
        <button type="submit">Send</button>
      </Form>,
    );
    const form = screen.getByRole("form", { name: "Pay" }) as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    expect(form.hasAttribute("aria-busy")).toBe(false);
    // fireEvent returns false when the default (a page load) was prevented.
    expect(fireEvent.submit(form)).toBe(false);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("says it is busy while a submission is on its way", () => {
    render(<Form onSubmit={() => {}} aria-label="Pay" busy className="space-y-4" />);
    const form = screen.getByRole("form", { name: "Pay" });
    expect(form.getAttribute("aria-busy")).toBe("true");
    expect(form.className).toBe("space-y-4");
  });
});
