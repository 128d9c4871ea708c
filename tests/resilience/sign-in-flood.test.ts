import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { percentile } from "../percentile";
import { REQUEST, signUp, startServer } from "./server-process";

/** Sequential GETs of `url` until `stop()`, each one timed (ms). */
async function timedLoop(url: string, stop: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * 100 wrong sign-ins at once (100 client IPs, production's argon2id cost) while payment pages
 * and static files are loaded: hashing waits in its own small queue (or is refused with 503),
 * so libuv's threads stay free for files and the pages stay fast.
 */
it("keeps /pay fast while 100 wrong sign-ins arrive at once", async () => {
  const server = await startServer({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "collect-flood-")),
    TRUST_PROXY: "true",
  });
  const client = await signUp(server.base);
  const created = await client.call("POST", "/api/payment-requests", REQUEST);
  const { request } = (await created.json()) as { request: { shortUrl: string } };
  const payUrl = `${server.base}/pay/${request.shortUrl.split("/").pop()}`;
  const assetDir = path.resolve("dist/client/assets");
  const asset = existsSync(assetDir) ? readdirSync(assetDir).find((f) => f.endsWith(".js")) : undefined;

  let baselineDone = false;
  setTimeout(() => (baselineDone = true), 2_000);
  const [baseline = [], assetBaseline = []] = await Promise.all([
    timedLoop(payUrl, () => baselineDone),
    asset ? timedLoop(`${server.base}/assets/${asset}`, () => baselineDone) : Promise.resolve([]),
  ]);

  let flooding = true;
  const loads = [
    timedLoop(payUrl, () => !flooding),
    timedLoop(payUrl, () => !flooding),
    asset ? timedLoop(`${server.base}/assets/${asset}`, () => !flooding) : Promise.resolve([]),
  ];
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      fetch(`${server.base}/api/identity/sign-in/email`, {
        method: "POST",
        headers: {
          origin: server.base,
          "content-type": "application/json",
          "x-forwarded-for": `198.18.${Math.floor(i / 250)}.${i % 250}`,
        },
        body: JSON.stringify({ email: `flood-${i}@example.com`, password: "wrong password!" }),
      }).then(async (r) => {
        if (r.status === 503) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
        return r.status;
      }),
    ),
  );
  const floodMs = performance.now() - started;
  flooding = false;
  const [payA, payB, assets] = await Promise.all(loads);
  const pay = [...(payA ?? []), ...(payB ?? [])];

  const count = (status: number) => statuses.filter((s) => s === status).length;
  const figures = {
    floodMs: Math.round(floodMs),
    wrongPassword401: count(401),
    busy503: count(503),
    other: statuses.filter((s) => s !== 401 && s !== 503),
    payBaseline: { n: baseline.length, p50: percentile(baseline, 50), p99: percentile(baseline, 99) },
    payDuringFlood: { n: pay.length, p50: percentile(pay, 50), p99: percentile(pay, 99) },
    assetBaseline: {
      n: assetBaseline.length,
      p50: percentile(assetBaseline, 50),
      p99: percentile(assetBaseline, 99),
    },
    assetDuringFlood: {
      n: assets?.length ?? 0,
      p50: percentile(assets ?? [], 50),
      p99: percentile(assets ?? [], 99),
    },
  };
  console.log(
    "sign-in flood:",
    JSON.stringify(figures, (_k, v) => (typeof v === "number" ? Math.round(v * 10) / 10 : v)),
  );

  expect(figures.other).toEqual([]);
  expect(count(401)).toBeGreaterThan(0);
  expect(pay.length).toBeGreaterThan(20);
  // The target is /pay p99 < 100 ms during the flood (`npm run bench` and the README report the
  // absolute figures). A timed test cannot hold an absolute figure on a machine shared with other
  // work, so it bounds the flood against the same run's quiet figures: before the hash queue, the
  // flood multiplied the static-file median by ~800 (4.9 ms → 4,050 ms). The bounds sit far from
  // that defect and far from a noisy machine's tail (CI once saw /pay p99 at 115 ms here).
  expect(figures.payDuringFlood.p50).toBeLessThan(Math.max(50, 10 * figures.payBaseline.p50));
  expect(figures.payDuringFlood.p99).toBeLessThan(Math.max(400, 10 * figures.payBaseline.p99));
  expect(figures.assetDuringFlood.p50).toBeLessThan(Math.max(50, 10 * figures.assetBaseline.p50));

  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}, 120_000);
