import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "#client/test/render.tsx";
import { LandingPage } from "./landing-page";

describe("the landing page", () => {
  it("has the brief's tagline, Get Started and three blurbs, and quotes nobody", () => {
    renderWithApp(<LandingPage />);
    expect(screen.getAllByRole("link", { name: /Get Started/ })[0]?.getAttribute("href")).toBe("/api/login");
    expect(screen.getByRole("heading", { name: "Request by text" })).toBeTruthy();
    // Before: two quotes signed "Maya R." and "Daniel K.", given by no one (decision 034).
    const examples = screen.getByRole("region", { name: "Two ways to use it" });
    expect(within(examples).getAllByRole("listitem")).toHaveLength(2);
    expect(document.querySelector("blockquote, figure")).toBeNull();
    expect(document.body.textContent).not.toMatch(/Maya R\.|Daniel K\.|[“”]/);
  });
});
