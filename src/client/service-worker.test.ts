import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { PUSH_EVENTS, type PushPayload } from "#shared/schemas/push.ts";

const SOURCE = readFileSync(new URL("./public/sw-push.js", import.meta.url), "utf8");
const ORIGIN = "https://collect.example";

type Listener = (event: Record<string, unknown>) => void;
type Tab = { url: string; focus(): Promise<Tab>; navigate(url: string): Promise<Tab> };

/**
 * public/sw-push.js run in a bare context with the few service-worker globals it uses, standing in
 * for the browser (headless Chromium has no push service to deliver a real push).
 */
function loadWorker(tabs: Tab[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const posted: { url: string; body: unknown }[] = [];
  const subscribedWith: unknown[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => Promise.resolve(),
    clients: {
      claim: () => Promise.resolve(),
      matchAll: async () => tabs,
      openWindow: async (url: string) => void opened.push(url),
    },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) =>
        void shown.push({ title, options }),
      pushManager: {
        subscribe: async (options: unknown) => {
          subscribedWith.push(options);
          return {
            toJSON: () => ({ endpoint: "https://push.example/new", keys: { p256dh: "P", auth: "A" } }),
          };
        },
      },
    },
  };
  const fetch = async (url: string, init: { body: string }) => {
    posted.push({ url, body: JSON.parse(init.body) });
    return new Response(null, { status: 204 });
  };
  runInNewContext(SOURCE, { self, fetch, URL });
  /** Dispatches an event and waits for what it passed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  }
  return { dispatch, shown, opened, posted, subscribedWith };
}

const pushOf = (data: unknown) => ({
  data: { json: () => (typeof data === "string" ? JSON.parse(data) : data) },
});

function tab(url: string) {
  const calls: string[] = [];
  const t: Tab = {
    url,
    focus: async () => {
      calls.push("focus");
      return t;
    },
    navigate: async (to: string) => {
      calls.push(`navigate ${to}`);
      return t;
    },
  };
  return { tab: t, calls };
}

describe("service worker", () => {
  it("shows every event's payload as a notification that remembers its link", async () => {
    const worker = loadWorker();
    for (const event of PUSH_EVENTS) {
      const payload: PushPayload = { title: `T ${event}`, body: "B", url: `/${event}`, tag: event, event };
      await worker.dispatch("push", pushOf(payload));
    }
    expect(worker.shown.map((n) => n.title)).toEqual(PUSH_EVENTS.map((event) => `T ${event}`));
    expect(worker.shown[1]?.options).toMatchObject({
      body: "B",
      tag: "claim",
      data: { url: "/claim" },
      icon: "/icon-192.png",
    });
  });

  it("shows a plain notification to Home for a payload it cannot read or that links off the site", async () => {
    const worker = loadWorker();
    await worker.dispatch("push", pushOf("not json"));
    await worker.dispatch("push", pushOf({ title: "x", body: "", url: "//evil.example", event: "claim" }));
    await worker.dispatch("push", {});
    expect(worker.shown.map((n) => [n.title, (n.options.data as { url: string }).url])).toEqual([
      ["Collect", "/"],
      ["Collect", "/"],
      ["Collect", "/"],
    ]);
  });

  it("on a click, focuses an open Collect tab and takes it to the link", async () => {
    const other = tab("https://elsewhere.example/");
    const collect = tab(`${ORIGIN}/archive`);
    const worker = loadWorker([other.tab, collect.tab]);
    const close = { closed: false };
    await worker.dispatch("notificationclick", {
      notification: { data: { url: "/requests/abc" }, close: () => (close.closed = true) },
    });
    expect(close.closed).toBe(true);
    expect(other.calls).toEqual([]);
    expect(collect.calls).toEqual(["focus", `navigate ${ORIGIN}/requests/abc`]);
    expect(worker.opened).toEqual([]);
  });

  it("on a click with no Collect tab open, opens a window at the link", async () => {
    const worker = loadWorker();
    await worker.dispatch("notificationclick", { notification: { data: { url: "/recurring" }, close() {} } });
    expect(worker.opened).toEqual([`${ORIGIN}/recurring`]);
  });

  it("re-subscribes with the same server key and posts the new subscription", async () => {
    const worker = loadWorker();
    const applicationServerKey = new Uint8Array([4, 1, 2]);
    await worker.dispatch("pushsubscriptionchange", {
      oldSubscription: { options: { applicationServerKey } },
    });
    expect(worker.subscribedWith).toEqual([{ userVisibleOnly: true, applicationServerKey }]);
    expect(worker.posted).toEqual([
      {
        url: "/api/notifications/push-subscriptions",
        body: { endpoint: "https://push.example/new", keys: { p256dh: "P", auth: "A" } },
      },
    ]);
  });

  it("posts the browser's replacement subscription as is when the event carries one", async () => {
    const worker = loadWorker();
    const newSubscription = {
      toJSON: () => ({ endpoint: "https://push.example/firefox", keys: { p256dh: "P2", auth: "A2" } }),
    };
    await worker.dispatch("pushsubscriptionchange", { newSubscription });
    expect(worker.subscribedWith).toEqual([]);
    expect(worker.posted.map((p) => p.body)).toEqual([
      { endpoint: "https://push.example/firefox", keys: { p256dh: "P2", auth: "A2" } },
    ]);
  });

  it("does nothing without a server key to subscribe with", async () => {
    const worker = loadWorker();
    await worker.dispatch("pushsubscriptionchange", {});
    expect(worker.posted).toEqual([]);
  });
});
