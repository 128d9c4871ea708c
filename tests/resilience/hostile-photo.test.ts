import { mkdtempSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { QUIET_AFTER_MS } from "#server/lib/garbage-collection.ts";
import { IMAGE_LIMITS } from "#server/limits.ts";
import { bombPng } from "#server/test/image-bombs.ts";
import { residentMb } from "#server/test/resident-memory.ts";
import { npmStart } from "../npm-start";
import { percentile } from "../percentile";
import {
  type Client,
  createDatabase,
  dropDatabases,
  REQUEST,
  type ServerProcess,
  signUp,
  startServer,
} from "./server-process";

/**
 * Issue 25, F1 and F5 on the production build: a 48 KB PNG claiming 20000 x 20000 pixels froze
 * the server for 84.6 s (every /healthz probe timed out) when its link-preview card was drawn,
 * and rotating through card versions pushed /pay from 13 ms to 855 ms. Photos are now checked
 * when set and re-encoded by sharp off the event loop; cards are drawn on a worker thread.
 */
const round = (value: number) => Math.round(value * 10) / 10;

/** A GET from a loopback source address of our choosing (each a client of its own to the server). */
function getFrom(url: string, localAddress = "127.0.0.1"): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer from ${url} within 10 s`)));
  });
}

/**
 * Probes `url` one GET after another until `work` settles, each timed (ms); a probe that fails
 * or times out (1 s) counts as 1000 ms.
 */
async function probeWhile<T>(url: string, work: () => Promise<T>): Promise<{ result: T; times: number[] }> {
  const times: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const ok = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.ok;
        },
        () => false,
      );
      times.push(ok ? performance.now() - started : 1000);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  try {
    const result = await work();
    return { result, times };
  } finally {
    done = true;
    await probing;
  }
}

let server: ServerProcess;
let client: Client;
let residentBeforeImages = 0;
beforeAll(async () => {
  // As `npm start` runs it: its flags and the environment it sets (the allocator's settings). On
  // PostgreSQL, so the memory measured is the images' and not the embedded database's.
  const start = npmStart();
  server = await startServer(
    {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "collect-hostile-photo-")),
      DATABASE_URL: (await createDatabase()).url,
      ...start.env,
    },
    undefined,
    {
      cwd: path.resolve(import.meta.dirname, "../.."),
      command: [process.execPath, ...start.flags, start.script],
    },
  );
  client = await signUp(server.base);
  residentBeforeImages = residentMb(server.child.pid as number);
});
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await dropDatabases();
});

/** Uploads `file` and sets it as the photo; the answer to setting it. */
async function setPhoto(file: Buffer): Promise<Response> {
  const link = await client.call("POST", "/api/profile/photo/upload", { size: file.length });
  expect(link.status).toBe(200);
  const { uploadURL } = (await link.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, {
    method: "PUT",
    body: new Uint8Array(file),
    headers: { "content-type": "image/png" },
  });
  expect(put.status).toBe(200);
  return client.call("PUT", "/api/profile/photo", { photoURL: uploadURL });
}

it("refuses the 20000 x 20000 PNG when it is set, while /healthz never misses a beat", async () => {
  const bomb = bombPng();
  expect(bomb.length).toBeLessThan(64 * 1024);
  const { result: set, times } = await probeWhile(`${server.base}/healthz`, async () => {
    const response = await setPhoto(bomb);
    return { status: response.status, body: (await response.json()) as { message: string } };
  });
  console.log(
    "bomb photo:",
    JSON.stringify({
      bytes: bomb.length,
      ...set,
      probes: times.length,
      p99: round(percentile(times, 99)),
      max: round(Math.max(...times)),
    }),
  );
  expect(set.status).toBe(400);
  expect(set.body.message).toMatch(/20000×20000 pixels/);
  expect(times.length).toBeGreaterThan(0);
  // Decoded on the event loop, this photo held /healthz for 84 s. Every probe answers within a
  // second (a failed or timed-out one counts 1,000 ms): a handful of probes makes p99 the slowest
  // one, and CI once saw 625 ms for one of five while the image libraries' code first loaded.
  expect(percentile(times, 99)).toBeLessThan(1_000);
}, 60_000);

it("draws cards of a large allowed photo on the worker: /healthz stays fast, /pay within 2x of quiet", async () => {
  // 6000 x 6000 (36 megapixels, the most allowed): re-encoded by sharp on libvips' threads.
  const { result: set, times: setTimes } = await probeWhile(`${server.base}/healthz`, () =>
    setPhoto(bombPng(6000, 6000)),
  );
  expect(set.status, await set.clone().text()).toBe(200);

  // Twelve requests, twelve card versions, none drawn yet.
  const cards: string[] = [];
  let payUrl = "";
  for (let i = 0; i < 12; i++) {
    const created = await client.call("POST", "/api/payment-requests", {
      ...REQUEST,
      amount: `${20 + i}.00`,
    });
    const { request } = (await created.json()) as { request: { shortUrl: string } };
    payUrl = `${server.base}/pay/${request.shortUrl.split("/").pop()}`;
    const page = await (await fetch(payUrl)).text();
    const card = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
    if (!card) throw new Error("no card on the pay page");
    cards.push(`${server.base}${new URL(card).pathname}`);
  }
  const pay = async (stop: () => boolean) => {
    const times: number[] = [];
    while (!stop()) {
      const started = performance.now();
      expect((await getFrom(payUrl)).status).toBe(200);
      times.push(performance.now() - started);
    }
    return times;
  };
  let quietDone = false;
  setTimeout(() => (quietDone = true), 1500);
  const quiet = await pay(() => quietDone);

  // Four anonymous clients, each from its own loopback address, draw three cards each.
  let drawing = true;
  const during = pay(() => !drawing);
  const { result: statuses, times } = await probeWhile(`${server.base}/healthz`, async () => {
    const answers = await Promise.all(
      [0, 1, 2, 3].map(async (worker) => {
        const statuses: number[] = [];
        for (const card of cards.slice(worker * 3, worker * 3 + 3)) {
          const response = await getFrom(card, `127.0.0.${worker + 2}`);
          if (response.status === 200) expect(response.body.subarray(1, 4).toString()).toBe("PNG");
          statuses.push(response.status);
        }
        return statuses;
      }),
    );
    return answers.flat();
  });
  drawing = false;
  const busy = await during;
  const figures = {
    setLargePhoto: {
      probes: setTimes.length,
      p99: round(percentile(setTimes, 99)),
      max: round(Math.max(...setTimes)),
    },
    cards: statuses,
    healthzWhileDrawing: {
      probes: times.length,
      p99: round(percentile(times, 99)),
      max: round(Math.max(...times)),
    },
    payQuiet: { n: quiet.length, p50: round(percentile(quiet, 50)), p99: round(percentile(quiet, 99)) },
    payWhileDrawing: { n: busy.length, p50: round(percentile(busy, 50)), p99: round(percentile(busy, 99)) },
  };
  console.log("large photo, cards:", JSON.stringify(figures));
  // Drawn (or, with the queue full, told to come back): never an error, never the event loop.
  expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
  expect(percentile(setTimes, 99)).toBeLessThan(200);
  expect(percentile(times, 99)).toBeLessThan(200);
  // The bound is 2x the quiet p99, where the draw thread has a core of its own. Here the
  // test's client, the server and its draw thread share two cores with other work, so the bound is
  // 2x or 200 ms, whichever is more (as sign-in-flood.test.ts): drawn on the event loop, the
  // cards held /pay up for a p99 of 1,147 ms.
  expect(figures.payWhileDrawing.p99).toBeLessThan(Math.max(200, 2 * figures.payQuiet.p99));
}, 60_000);

// Issue 26 item 11: after the photos and cards above, a process kept what they had used. With
// glibc's defaults, a large photo re-encoded and a dozen cards drawn left it ~110 MB larger for
// good (161 -> 270 MB, measured a minute later; the card thread then ended after 60 s idle), and
// still +93 MB here with the thread ended after 10 s. The thread now ends after cardThreadIdleMs
// and `npm start` sets the allocator to give large buffers back (decision 018): +51 MB, then +29
// once V8's own memory reducer had run (~20 s later), the young generation still at its 32 MB. Now
// the server, quiet for QUIET_AFTER_MS, collects in V8's memory-reducing form: back to where it
// was before the images (+0 to +8 MB in three runs; +23 and +29 without it, same test, so the
// bound of +20 leaves room for a noisy machine and still fails without it).
it("hands back the memory of the photo and the cards once the card thread has ended and all is quiet", async () => {
  const limit = residentBeforeImages + 20;
  const deadline = Date.now() + IMAGE_LIMITS.cardThreadIdleMs + QUIET_AFTER_MS + 15_000;
  let resident = residentMb(server.child.pid as number);
  while (resident > limit && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    resident = residentMb(server.child.pid as number);
  }
  console.log(
    "resident memory:",
    JSON.stringify({ before: round(residentBeforeImages), after: round(resident) }),
  );
  expect(resident).toBeLessThan(limit);
}, 60_000);
