import { waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";

/** The field is marked invalid and described by `message`, shown under it. */
export async function expectFieldError(field: HTMLElement, message: string) {
  await waitFor(() => {
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const described = (field.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
  });
}

/** The field carries no mark and no message. */
export async function expectFieldValid(field: HTMLElement) {
  await waitFor(() => {
    expect(field.getAttribute("aria-invalid")).toBeNull();
    const described = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
    for (const id of described) expect(document.getElementById(id)?.className).not.toContain("text-red");
  });
}

/**
 * The API answers every change (POST, PUT, PATCH, DELETE) with `status` and the JSON `body`, read
 * by the client's own fetch wrapper, ApiError and all; a read (GET) gets an empty list. Returns
 * the calls made, as [method, url, body].
 */
export function answerApi(status: number, body: unknown) {
  const calls: [string, string, unknown][] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push([method, url, init.body ? JSON.parse(String(init.body)) : undefined]);
    const read = method === "GET";
    return new Response(JSON.stringify(read ? [] : body), {
      status: read ? 200 : status,
      headers: { "Content-Type": "application/json" },
    });
  });
  return calls;
}
