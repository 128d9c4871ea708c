import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import type { CreatedToken, Token } from "#shared/schemas/api-token.ts";
import { ApiTokens, expiresAtFor } from "./api-tokens";

const SECRET = `col_${"a".repeat(39)}wxyz`;
const DAY = 24 * 60 * 60 * 1000;

const TOKEN: Token = {
  id: "7b0c2f4e-8f5a-4f43-9a55-0b8f6e8c1d21",
  name: "Invoice script",
  scopes: ["requests:read", "contacts:read"],
  hint: "wxyz",
  createdAt: "2026-01-05T09:00:00.000Z",
  expiresAt: null,
  lastUsedAt: null,
};

/**
 * The tokens API as the server answers it, over `tokens` (changed by POST and DELETE); `create`
 * answers POST instead when given. Returns the bodies POSTed and the ids DELETEd.
 */
function serveTokens(tokens: Token[], create?: () => Response) {
  const posted: unknown[] = [];
  const deleted: string[] = [];
  api.use(
    http.get("*/api/tokens", () => HttpResponse.json({ tokens })),
    http.post("*/api/tokens", async ({ request }) => {
      const body = (await request.json()) as { name: string; scopes: Token["scopes"]; expiresAt?: string };
      posted.push(body);
      if (create) return create();
      const made: CreatedToken = {
        ...TOKEN,
        id: "0d9a5a43-3c1e-4c55-9f57-8f3b8c1f7a10",
        name: body.name,
        scopes: body.scopes,
        expiresAt: body.expiresAt ?? null,
        token: SECRET,
      };
      const { token: _shownOnce, ...kept } = made;
      tokens.push(kept);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.delete("*/api/tokens/:id", ({ params }) => {
      deleted.push(String(params.id));
      tokens.splice(
        tokens.findIndex((t) => t.id === params.id),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { posted, deleted };
}

const button = (name: string | RegExp) => screen.getByRole("button", { name });
const form = () => screen.getByRole("form", { name: "New token" });
const nameField = () => within(form()).getByLabelText("Name") as HTMLInputElement;
const scope = (label: string) => within(form()).getByRole("checkbox", { name: new RegExp(`^${label}`) });

describe("ApiTokens", () => {
  it("says what a token is for, with the API reference, when there is none", async () => {
    serveTokens([]);
    renderWithApp(<ApiTokens />);
    expect(await screen.findByText("No tokens yet.")).toBeTruthy();
    expect(
      screen.getByText(
        "A token lets your own scripts and tools use Collect's API as you, limited to what you allow.",
        { exact: false },
      ),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "API reference (OpenAPI)" }).getAttribute("href")).toBe(
      "/api/openapi.json",
    );
  });

  it("lists each token with its scopes in words, its hint, dates and use", async () => {
    serveTokens([
      TOKEN,
      {
        ...TOKEN,
        id: "5f7c1b0e-9d1f-4b1e-8a2d-6c3e4f5a6b7c",
        name: "Old sync",
        scopes: ["contacts:write"],
        hint: "abcd",
        expiresAt: "2026-02-04T09:00:00.000Z",
        lastUsedAt: "2026-01-20T08:30:00.000Z",
      },
    ]);
    renderWithApp(<ApiTokens />);
    const list = await screen.findByRole("list", { name: "Your API tokens" });
    const [first, second] = [...list.children];
    expect(first?.textContent).toContain("Invoice script");
    expect(first?.textContent).toContain("col_…wxyz");
    expect(first?.textContent).toContain("See requests, splits, series and balances");
    expect(first?.textContent).toContain("See contacts");
    expect(first?.textContent).toContain("Created Jan 5, 2026");
    expect(first?.textContent).toContain("Never expires");
    expect(first?.textContent).toContain("Never used");
    expect(second?.textContent).toContain("Add, change and remove contacts");
    expect(second?.textContent).toContain("col_…abcd");
    expect(second?.textContent).toMatch(/Expire(s|d) Feb 4, 2026/);
    expect(second?.textContent).toContain("Last used Jan 20, 2026");
  });

  it("sends the name, the scopes ticked and the expiry; shows the token once, and never after Done", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    const clipboard = vi.spyOn(navigator, "clipboard", "get").mockReturnValue({ writeText } as never);
    onTestFinished(() => clipboard.mockRestore());
    const { posted } = serveTokens([]);
    renderWithApp(<ApiTokens />);
    await screen.findByText("No tokens yet.");
    fireEvent.click(button("New token"));
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
    fireEvent.change(nameField(), { target: { value: "Invoice script" } });
    fireEvent.click(scope("See requests, splits, series and balances"));
    fireEvent.click(scope("See contacts"));
    fireEvent.change(within(form()).getByLabelText("Expires after"), { target: { value: "30" } });
    const before = Date.now();
    fireEvent.click(within(form()).getByRole("button", { name: "Create token" }));

    const box = (await screen.findByLabelText("Token")) as HTMLTextAreaElement;
    expect(box.value).toBe(SECRET);
    expect(box.readOnly).toBe(true);
    expect(screen.getByText("Copy it now: you won't see it again.")).toBeTruthy();
    expect(posted).toHaveLength(1);
    const sent = posted[0] as { name: string; scopes: string[]; expiresAt: string };
    expect(sent.name).toBe("Invoice script");
    // In the order the form lists them, whatever order they were ticked in.
    expect(sent.scopes).toEqual(["requests:read", "contacts:read"]);
    const expires = new Date(sent.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    fireEvent.click(button("Copy"));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await screen.findByRole("button", { name: "Copied" })).toBeTruthy();

    fireEvent.click(button("Done"));
    await waitFor(() => expect(screen.queryByLabelText("Token")).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    // The list has it by its hint only.
    const list = await screen.findByRole("list", { name: "Your API tokens" });
    expect(list.textContent).toContain("col_…wxyz");
    expect(list.textContent).not.toContain(SECRET);
    await waitFor(() => expect(document.activeElement).toBe(button("New token")));
  });

  it("sends no expiry for Never", async () => {
    const { posted } = serveTokens([]);
    renderWithApp(<ApiTokens />);
    await screen.findByText("No tokens yet.");
    fireEvent.click(button("New token"));
    fireEvent.change(nameField(), { target: { value: "Forever" } });
    fireEvent.click(scope("Add, change and remove contacts"));
    fireEvent.change(within(form()).getByLabelText("Expires after"), { target: { value: "never" } });
    fireEvent.click(within(form()).getByRole("button", { name: "Create token" }));
    await screen.findByLabelText("Token");
    expect(posted).toEqual([{ name: "Forever", scopes: ["contacts:write"] }]);
  });

  it("marks a missing name and no scope before asking the server", async () => {
    const { posted } = serveTokens([]);
    renderWithApp(<ApiTokens />);
    await screen.findByText("No tokens yet.");
    fireEvent.click(button("New token"));
    fireEvent.click(within(form()).getByRole("button", { name: "Create token" }));
    await expectToast("Token not created", "Give the token a name");
    await expectFieldError(nameField(), "Give the token a name");
    for (const box of within(form()).getAllByRole("checkbox")) {
      await expectFieldError(box, "Choose what the token may do");
    }
    expect(document.activeElement).toBe(nameField());
    fireEvent.change(nameField(), { target: { value: "Script" } });
    await expectFieldValid(nameField());
    fireEvent.click(scope("See contacts"));
    await expectFieldValid(scope("See contacts"));
    expect(posted).toEqual([]);
  });

  it("shows the server's refusal at the field it names, keeping what was typed", async () => {
    serveTokens([], () =>
      HttpResponse.json(
        { message: "scopes.0: That scope is not one a token can have.", code: "invalid", field: "scopes.0" },
        { status: 400 },
      ),
    );
    renderWithApp(<ApiTokens />);
    await screen.findByText("No tokens yet.");
    fireEvent.click(button("New token"));
    fireEvent.change(nameField(), { target: { value: "Script" } });
    fireEvent.click(scope("See contacts"));
    fireEvent.click(within(form()).getByRole("button", { name: "Create token" }));
    await expectToast("Token not created", "That scope is not one a token can have.");
    await expectFieldError(scope("See contacts"), "That scope is not one a token can have.");
    expect(document.activeElement).toBe(scope("See requests, splits, series and balances"));
    expect(nameField().value).toBe("Script");
    expect(screen.queryByLabelText("Token")).toBeNull();
  });

  it("says the limit when the server refuses a 21st token", async () => {
    serveTokens([], () =>
      HttpResponse.json(
        { message: "You have 20 tokens, the most an account can have. Revoke one first.", code: "limit" },
        { status: 409 },
      ),
    );
    renderWithApp(<ApiTokens />);
    await screen.findByText("No tokens yet.");
    fireEvent.click(button("New token"));
    fireEvent.change(nameField(), { target: { value: "One more" } });
    fireEvent.click(scope("See contacts"));
    fireEvent.click(within(form()).getByRole("button", { name: "Create token" }));
    await expectToast(
      "Token not created",
      "You have 20 tokens, the most an account can have. Revoke one first.",
    );
    expect(nameField().value).toBe("One more");
  });

  it("asks before revoking, and revokes nothing on Cancel", async () => {
    const { deleted } = serveTokens([{ ...TOKEN }]);
    renderWithApp(<ApiTokens />);
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Invoice script" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke the token Invoice script?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.click(button("Revoke Invoice script"));
    const again = await screen.findByRole("dialog", { name: "Revoke the token Invoice script?" });
    fireEvent.click(within(again).getByRole("button", { name: "Revoke" }));
    await expectToastTitle("Token revoked");
    expect(deleted).toEqual([TOKEN.id]);
    expect(await screen.findByText("No tokens yet.")).toBeTruthy();
  });
});

describe("expiresAtFor", () => {
  it("counts the days from now, and sends none for never", () => {
    const now = new Date("2026-03-01T10:00:00.000Z");
    expect(expiresAtFor("30", now)).toBe("2026-03-31T10:00:00.000Z");
    expect(expiresAtFor("365", now)).toBe("2027-03-01T10:00:00.000Z");
    expect(expiresAtFor("never", now)).toBeUndefined();
  });
});

/** A non-destructive toast (role=status) saying `title`. */
async function expectToastTitle(title: string) {
  await waitFor(() => {
    const shown = [...document.querySelectorAll("[data-sonner-toast]:not([data-removed=true]) [role]")];
    expect(shown.map((node) => node.textContent?.startsWith(title))).toContain(true);
  });
}
