import { describe, expect, it } from "vitest";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { groupBySplit } from "./split-groups";

const row = (id: string, splitId: string | null = null) => ({ id, splitId }) as PaymentRequest;
const shape = (rows: PaymentRequest[]) =>
  groupBySplit(rows).map((entry) =>
    entry.kind === "request"
      ? entry.request.id
      : `${entry.splitId}:${entry.requests.map((r) => r.id).join(",")}`,
  );

describe("groupBySplit", () => {
  it("keeps requests of their own as they come", () => {
    expect(shape([row("1"), row("2")])).toEqual(["1", "2"]);
  });

  it("joins each split's shares into one entry where the first of them comes", () => {
    expect(shape([row("1"), row("a", "s"), row("2"), row("b", "s"), row("x", "t")])).toEqual([
      "1",
      "s:a,b",
      "2",
      "t:x",
    ]);
  });

  it("adds a share from a later page to the entry already shown, never a second entry", () => {
    const firstPage = [row("a", "s"), row("1")];
    const secondPage = [row("b", "s"), row("2")];
    expect(shape(firstPage)).toEqual(["s:a", "1"]);
    expect(shape([...firstPage, ...secondPage])).toEqual(["s:a,b", "1", "2"]);
  });
});
