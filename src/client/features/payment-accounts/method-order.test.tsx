import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userQueryOptions } from "#client/features/auth/user.ts";
import { queryClient } from "#client/lib/query-client.ts";
import { answerApi } from "#client/test/form-checks.ts";
import { renderWithApp } from "#client/test/render.tsx";
import type { Provider } from "#shared/providers.ts";
import type { User } from "#shared/schemas/user.ts";
import { MethodOrder } from "./method-order";

const ROBIN: User = {
  id: "u1",
  email: "robin@example.com",
  profileName: "Robin",
  firstName: null,
  lastName: null,
  photo: null,
  country: "US",
  language: null,
  currency: "USD",
};
const ACCOUNTS = [
  { provider: "paypal", accountHandle: "robin" },
  { provider: "venmo", accountHandle: "@robin" },
  { provider: "zelle", accountHandle: "robin@example.com" },
] as const;

/** The page as it is wired: the list reads the signed-in user's order from the query cache. */
function Wired() {
  const user = queryClient.getQueryData(userQueryOptions.queryKey);
  return <MethodOrder accounts={[...ACCOUNTS]} chosen={user?.methodOrder} />;
}

const rows = () => [...screen.getByRole("list").querySelectorAll("li")].map((li) => li.dataset.provider);

describe("MethodOrder", () => {
  it("shows the pay page's own order, Venmo first, until the account orders its methods", () => {
    renderWithApp(<MethodOrder accounts={[...ACCOUNTS]} chosen={undefined} />);
    expect(rows()).toEqual(["venmo", "paypal", "zelle"]);
    expect(screen.queryByRole("button", { name: "Back to the usual order" })).toBeNull();
  });

  it("moves a method and saves the whole order at once, keeping focus on the moved method", async () => {
    queryClient.setQueryData(userQueryOptions.queryKey, ROBIN);
    const calls = answerApi(200, {});
    const { rerender } = renderWithApp(<Wired />);
    fireEvent.click(screen.getByRole("button", { name: "Move Zelle up" }));
    await waitFor(() => expect(calls.some(([method]) => method === "PUT")).toBe(true));
    expect(calls.find(([method]) => method === "PUT")).toEqual([
      "PUT",
      "/api/payment-accounts/order",
      { order: ["venmo", "zelle", "paypal"] satisfies Provider[] },
    ]);
    rerender(<Wired />);
    expect(rows()).toEqual(["venmo", "zelle", "paypal"]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move Zelle up" }));
    expect(screen.getByRole("button", { name: "Back to the usual order" })).toBeTruthy();
  });

  it("says nothing with one method", () => {
    renderWithApp(<MethodOrder accounts={[ACCOUNTS[0]]} chosen={undefined} />);
    expect(screen.queryByText("Order on your pay page")).toBeNull();
  });
});
