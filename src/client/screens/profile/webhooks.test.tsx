import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { expectFieldError, expectFieldValid } from "#client/test/form-checks.ts";
import { api } from "#client/test/msw.ts";
import { expectToast, renderWithApp } from "#client/test/render.tsx";
import {
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
  type WebhookWithSecret,
} from "#shared/schemas/webhook.ts";
import { Webhooks } from "./webhooks";

const SECRET = `whsec_${"Q".repeat(40)}`;
const NEW_SECRET = `whsec_${"R".repeat(40)}`;
const URL = "https://hooks.example.com/collect/a-rather-long-path-that-must-wrap-on-a-phone";

const WEBHOOK: Webhook = {
  id: "3f1d2c4b-5a6e-4f70-8b9c-0d1e2f3a4b5c",
  url: URL,
  events: ["request.paid", "request.claimed"],
  createdAt: "2026-01-05T09:00:00.000Z",
  enabled: true,
  disabledReason: null,
  previousSecretUntil: null,
};

const DELIVERY: WebhookDelivery = {
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  eventId: "msg_1",
  type: "request.paid",
  state: "failed",
  attempts: 3,
  createdAt: "2026-01-05T09:00:00.000Z",
  lastAttemptAt: "2026-01-05T09:10:00.000Z",
  lastStatus: 500,
  lastError: "The endpoint answered HTTP 500.",
};

type Call = [string, string, unknown];

/** The webhooks API over `webhooks`, recording each change as [method, path, body]. */
function serveWebhooks(
  webhooks: Webhook[],
  { create, deliveries = [] }: { create?: () => Response; deliveries?: WebhookDelivery[] } = {},
) {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push([
      request.method,
      new globalThis.URL(request.url).pathname,
      text ? JSON.parse(text) : undefined,
    ]);
    return text ? JSON.parse(text) : undefined;
  };
  const find = (id: unknown) => webhooks.find((w) => w.id === id) as Webhook;
  api.use(
    http.get("*/api/webhooks", () => HttpResponse.json({ webhooks })),
    http.post("*/api/webhooks", async ({ request }) => {
      const body = (await record(request)) as { url: string; events: Webhook["events"] };
      if (create) return create();
      const made: WebhookWithSecret = {
        ...WEBHOOK,
        id: "6e5d4c3b-2a19-4f08-9e7d-6c5b4a392817",
        url: body.url,
        events: body.events,
        secret: SECRET,
      };
      const { secret: _once, ...kept } = made;
      webhooks.push(kept);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.patch("*/api/webhooks/:id", async ({ request, params }) => {
      const body = (await record(request)) as Partial<Webhook>;
      const webhook = find(params.id);
      Object.assign(webhook, body, body.enabled ? { disabledReason: null } : {});
      return HttpResponse.json(webhook);
    }),
    http.delete("*/api/webhooks/:id", async ({ request, params }) => {
      await record(request);
      webhooks.splice(webhooks.indexOf(find(params.id)), 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post("*/api/webhooks/:id/rotate-secret", async ({ request, params }) => {
      await record(request);
      const webhook = find(params.id);
      webhook.previousSecretUntil = "2026-01-06T09:30:00.000Z";
      return HttpResponse.json({ ...webhook, secret: NEW_SECRET });
    }),
    http.post("*/api/webhooks/:id/test", async ({ request }) => {
      await record(request);
      const queued: WebhookDelivery = {
        ...DELIVERY,
        id: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d",
        type: "test",
        state: "delivered",
        attempts: 1,
        lastStatus: 200,
        lastError: null,
      };
      deliveries.unshift(queued);
      return HttpResponse.json(queued, { status: 202 });
    }),
    http.get("*/api/webhooks/:id/deliveries", () => HttpResponse.json({ deliveries })),
    http.post("*/api/webhooks/:id/deliveries/:deliveryId/resend", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...DELIVERY, state: "pending" }, { status: 202 });
    }),
  );
  return calls;
}

const button = (name: string | RegExp) => screen.getByRole("button", { name });
const form = () => screen.getByRole("form", { name: "Add endpoint" });
const urlField = () => within(form()).getByLabelText("Endpoint URL") as HTMLInputElement;
const event = (label: string) => within(form()).getByRole("checkbox", { name: new RegExp(`^${label}`) });
const row = async () => (await screen.findByText(URL)).closest("li") as HTMLElement;

describe("Webhooks", () => {
  it("says what a webhook is for when there is none", async () => {
    serveWebhooks([]);
    renderWithApp(<Webhooks />);
    expect(
      await screen.findByText("No endpoints yet. Add one to hear about payments as they happen."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "API reference (OpenAPI)" }).getAttribute("href")).toBe(
      "/api/openapi.json",
    );
  });

  it("adds an endpoint with every event, shows its secret once, and not after Done", async () => {
    const calls = serveWebhooks([]);
    renderWithApp(<Webhooks />);
    await screen.findByText(/No endpoints yet/);
    fireEvent.click(button("Add endpoint"));
    await waitFor(() => expect(document.activeElement).toBe(urlField()));
    expect(urlField().type).toBe("url");
    fireEvent.change(urlField(), { target: { value: URL } });
    fireEvent.click(within(form()).getByRole("button", { name: "Select all" }));
    for (const box of within(form()).getAllByRole("checkbox"))
      expect(box.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(within(form()).getByRole("button", { name: "Add endpoint" }));

    const box = (await screen.findByLabelText("Signing secret")) as HTMLTextAreaElement;
    expect(box.value).toBe(SECRET);
    expect(screen.getByText("Copy it now: you won't see it again.")).toBeTruthy();
    expect(calls).toEqual([["POST", "/api/webhooks", { url: URL, events: [...WEBHOOK_EVENTS] }]]);

    fireEvent.click(button("Done"));
    await waitFor(() => expect(screen.queryByLabelText("Signing secret")).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect((await row()).textContent).toContain("All events");
  });

  it("sends the events ticked, in the list's order; Clear all unticks them", async () => {
    const calls = serveWebhooks([]);
    renderWithApp(<Webhooks />);
    await screen.findByText(/No endpoints yet/);
    fireEvent.click(button("Add endpoint"));
    fireEvent.click(within(form()).getByRole("button", { name: "Select all" }));
    fireEvent.click(within(form()).getByRole("button", { name: "Clear all" }));
    fireEvent.change(urlField(), { target: { value: URL } });
    fireEvent.click(event("A request is marked paid"));
    fireEvent.click(event("A request is made"));
    fireEvent.click(within(form()).getByRole("button", { name: "Add endpoint" }));
    await screen.findByLabelText("Signing secret");
    expect(calls).toEqual([
      ["POST", "/api/webhooks", { url: URL, events: ["request.created", "request.paid"] }],
    ]);
  });

  it("marks a bad address and no events before asking the server", async () => {
    const calls = serveWebhooks([]);
    renderWithApp(<Webhooks />);
    await screen.findByText(/No endpoints yet/);
    fireEvent.click(button("Add endpoint"));
    fireEvent.change(urlField(), { target: { value: "hooks.example.com" } });
    fireEvent.click(within(form()).getByRole("button", { name: "Add endpoint" }));
    await expectToast("Endpoint not added", "Enter the endpoint's https:// address");
    await expectFieldError(urlField(), "Enter the endpoint's https:// address");
    await expectFieldError(event("A request is made"), "Choose the events to send");
    expect(document.activeElement).toBe(urlField());
    fireEvent.change(urlField(), { target: { value: URL } });
    await expectFieldValid(urlField());
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of the address under the address", async () => {
    serveWebhooks([], {
      create: () =>
        HttpResponse.json(
          {
            message: "url: Webhooks go to public https addresses, not to private networks.",
            code: "invalid",
            field: "url",
          },
          { status: 400 },
        ),
    });
    renderWithApp(<Webhooks />);
    await screen.findByText(/No endpoints yet/);
    fireEvent.click(button("Add endpoint"));
    fireEvent.change(urlField(), { target: { value: "https://10.0.0.5/hook" } });
    fireEvent.click(event("A request is made"));
    fireEvent.click(within(form()).getByRole("button", { name: "Add endpoint" }));
    await expectFieldError(urlField(), "Webhooks go to public https addresses, not to private networks.");
    expect(document.activeElement).toBe(urlField());
    expect(urlField().value).toBe("https://10.0.0.5/hook");
    expect(screen.queryByLabelText("Signing secret")).toBeNull();
  });

  it("says why an endpoint was turned off, and turns it back on", async () => {
    const calls = serveWebhooks([
      { ...WEBHOOK, enabled: false, disabledReason: "It failed for a day without an answer." },
    ]);
    renderWithApp(<Webhooks />);
    const endpoint = await row();
    expect(endpoint.textContent).toContain("Turned off: It failed for a day without an answer.");
    expect(endpoint.textContent).toContain("2 events: A request is marked paid · A payer says they've paid");
    fireEvent.click(within(endpoint).getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(within(endpoint).getByRole("button", { name: "Turn off" })).toBeTruthy());
    expect(endpoint.textContent).not.toContain("Turned off");
    expect(calls).toEqual([["PATCH", `/api/webhooks/${WEBHOOK.id}`, { enabled: true }]]);
  });

  it("rotates the secret only once confirmed, shows the new one once with the old one's end", async () => {
    const calls = serveWebhooks([{ ...WEBHOOK }]);
    renderWithApp(<Webhooks />);
    const endpoint = await row();
    fireEvent.click(within(endpoint).getByRole("button", { name: "Rotate secret" }));
    const dialog = await screen.findByRole("dialog", { name: "Rotate the signing secret?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toEqual([]);

    fireEvent.click(within(endpoint).getByRole("button", { name: "Rotate secret" }));
    const again = await screen.findByRole("dialog", { name: "Rotate the signing secret?" });
    fireEvent.click(within(again).getByRole("button", { name: "Rotate secret" }));
    const box = (await within(endpoint).findByLabelText("Signing secret")) as HTMLTextAreaElement;
    expect(box.value).toBe(NEW_SECRET);
    expect(endpoint.textContent).toMatch(/The old secret keeps working until Jan \d, 2026, \d+:30/);
    expect(calls).toEqual([["POST", `/api/webhooks/${WEBHOOK.id}/rotate-secret`, undefined]]);

    fireEvent.click(within(endpoint).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(within(endpoint).queryByLabelText("Signing secret")).toBeNull());
    expect(document.activeElement).toBe(within(endpoint).getByRole("button", { name: "Rotate secret" }));
    expect(document.body.textContent).not.toContain(NEW_SECRET);
  });

  it("deletes only once confirmed", async () => {
    const calls = serveWebhooks([{ ...WEBHOOK }]);
    renderWithApp(<Webhooks />);
    fireEvent.click(within(await row()).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this endpoint?" });
    expect(dialog.textContent).toContain(URL);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await expectToastTitle("Endpoint deleted");
    expect(calls).toEqual([["DELETE", `/api/webhooks/${WEBHOOK.id}`, undefined]]);
    expect(await screen.findByText(/No endpoints yet/)).toBeTruthy();
  });

  it("lists the deliveries with their state, attempts and answer; sends a test and resends", async () => {
    const retrying: WebhookDelivery = {
      ...DELIVERY,
      id: "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f",
      type: "request.claimed",
      state: "pending",
      attempts: 2,
      lastStatus: null,
      lastError: "The endpoint did not answer within 10 seconds.",
    };
    const calls = serveWebhooks([{ ...WEBHOOK }], { deliveries: [retrying, { ...DELIVERY }] });
    renderWithApp(<Webhooks />);
    const endpoint = await row();
    const disclosure = within(endpoint).getByRole("button", { name: "Deliveries" });
    expect(disclosure.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(disclosure);
    expect(disclosure.getAttribute("aria-expanded")).toBe("true");
    const log = await within(endpoint).findByRole("list", { name: "Delivery log" });
    expect(log.textContent).toContain("request.paid");
    expect(log.textContent).toContain("Failed");
    expect(log.textContent).toContain("3 attempts");
    // The failure's own sentence gives the status, once.
    expect(log.textContent?.match(/HTTP 500/g)).toHaveLength(1);
    expect(log.textContent).toContain("The endpoint answered HTTP 500.");
    const [first] = within(log).getAllByRole("listitem");
    expect(first?.textContent).toContain("request.claimed");
    expect(first?.textContent).toContain("A payer says they've paid");
    expect(first?.textContent).toContain("Retrying");
    expect(first?.textContent).toContain("2 attempts");
    expect(first?.textContent).toContain("The endpoint did not answer within 10 seconds.");

    // A delivery still being tried cannot be resent yet; a failed one can.
    expect(
      (within(log).getByRole("button", { name: /^Resend request\.claimed from / }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(within(log).getByRole("button", { name: /^Resend request\.paid from / }));
    await expectToastTitle("Queued to send again");

    fireEvent.click(within(endpoint).getByRole("button", { name: "Send test event" }));
    await expectToastTitle("Test event sent");
    await waitFor(() => expect(within(log).getAllByRole("listitem")).toHaveLength(3));
    const [newest] = within(log).getAllByRole("listitem");
    expect(newest?.textContent).toContain("Test event");
    expect(newest?.textContent).toContain("Delivered");
    expect(newest?.textContent).toContain("1 attempt");
    expect(newest?.textContent).toContain("HTTP 200");
    expect(calls).toEqual([
      ["POST", `/api/webhooks/${WEBHOOK.id}/deliveries/${DELIVERY.id}/resend`, undefined],
      ["POST", `/api/webhooks/${WEBHOOK.id}/test`, undefined],
    ]);
  });

  it("says when nothing was sent yet", async () => {
    serveWebhooks([{ ...WEBHOOK }]);
    renderWithApp(<Webhooks />);
    fireEvent.click(within(await row()).getByRole("button", { name: "Deliveries" }));
    expect(await screen.findByText("Nothing sent yet. Send a test event to see one here.")).toBeTruthy();
  });
});

/** The toast on screen has `title`. */
async function expectToastTitle(title: string) {
  await waitFor(() => {
    const shown = [...document.querySelectorAll("[data-sonner-toast]:not([data-removed=true]) [role]")];
    expect(shown.map((node) => node.textContent?.startsWith(title))).toContain(true);
  });
}
