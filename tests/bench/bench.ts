/**
 * `npm run bench`: load and size figures, each against a baseline measured in the same run
 * (these machines are noisy). Loopback only. Prints a Markdown table; asserts nothing. The app runs
 * with the configuration a user runs (default log level, one access line per request), its stdout
 * a pipe read by another process, as under systemd or Docker (`cat` into a file here).
 *
 *   BENCH_ADMIN_URL   PostgreSQL to create the bench database in (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SECONDS     seconds per load run (default 10), each after 2 s of the same load not sampled
 *   BENCH_MIXED_SECONDS  seconds of mixed load before the memory figure (default 60)
 *   BENCH_REMINDERS   reminders made due at once (default 10,000; 0 skips that row)
 *   BENCH_ONLY        reminders: that row alone; pay: /pay and its two bare servers, alternated three times
 *   BENCH_SCALE       1: then the scale scenario (tests/bench/scale.ts, a few minutes); only: just that
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { IMAGE_LIMITS } from "#server/limits.ts";
import { bombPng } from "#server/test/image-bombs.ts";
import { residentMb } from "#server/test/resident-memory.ts";
import { npmStart } from "../npm-start";
import { percentile } from "../percentile";
import { lighthouseScore, measurePayPageBytes } from "./page-weight";
import { runScale } from "./scale";

const root = path.resolve(import.meta.dirname, "../..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), "collect-bench-log-")), "app.log");
const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = 64;
const WARMUP_SECONDS = 2;
/** What Chromium sends: every browser and preview bot asks for a compressed page. */
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };
const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const c of children) c.kill("SIGKILL");
});

type Load = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/**
 * `latencies` gets every sampled response's time in ms, unrounded (autocannon's own percentiles
 * are whole milliseconds: a 1 ms p99 and its 2× bound are one step apart).
 */
async function load(options: autocannon.Options, latencies?: number[]): Promise<Load> {
  // Two seconds of the same load first, not sampled: the first second of a route runs cold
  // (V8 compiling its code, pools filling) and, at 64 connections, alone decided the p99.
  const run: autocannon.Options & { warmup: { connections: number; duration: number } } = {
    connections: CONNECTIONS,
    duration: seconds,
    // autocannon 9 takes `warmup`; @types/autocannon does not list it.
    warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS },
    ...options,
  };
  // Without a callback autocannon answers its instance (an EventEmitter) made thenable.
  const running = autocannon(run) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  if (latencies) running.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await running;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function waitFor(url: string, timeoutMs = 120_000, everyMs = 20): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - start;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${url} did not answer`);
}

/** Node's flags from `npm start`: the bench runs what a user runs. */
const { env: startEnv, flags: startFlags, script: startScript } = npmStart();

/** User + system CPU time a running process has used so far (Linux /proc; 0 elsewhere). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

function startApp(env: Record<string, string>, script = startScript): ChildProcess {
  const { LOG_LEVEL: _default, ...outside } = process.env;
  const child = spawn(process.execPath, [...startFlags, script], {
    cwd: root,
    // One account creates thousands of requests on purpose: no per-user write limits here.
    env: {
      ...outside,
      ...startEnv,
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      RATE_LIMITS: "false",
      ...(env.DATABASE_URL ? {} : { DATABASE: "embedded" }),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const reader = spawn("cat", [], {
    stdio: [child.stdout ?? "ignore", openSync(logFile, "a"), "inherit"],
  });
  children.push(child, reader);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("ANALYZE");
  await client.end();
}

/** A signed-in user with accounts and one request; returns its cookie and short code. */
async function prepare(base: string) {
  const headers = { origin: base, "content-type": "application/json" };
  const credentials = { email: `bench-${Date.now()}@example.com`, password: "correct horse battery" };
  await fetch(`${base}/api/identity/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...credentials, name: "" }),
  });
  // Sign-up starts no session: sign in, as the sign-in page does next.
  const signIn = await fetch(`${base}/api/identity/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify(credentials),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const call = (method: string, url: string, body: unknown) =>
    fetch(`${base}${url}`, { method, headers: { ...headers, cookie }, body: JSON.stringify(body) }).then(
      (r) => r.json(),
    );
  await call("POST", "/api/auth/setup", {
    profileName: "Bench Mark",
    paymentAccounts: [
      { provider: "venmo", accountHandle: "@bench" },
      { provider: "paypal", accountHandle: "bench" },
      { provider: "cashapp", accountHandle: "$bench" },
    ],
  });
  const { request } = await call("POST", "/api/payment-requests", {
    recipientName: "Sam Lee",
    recipientPhone: "2125550101",
    amount: "25.50",
    description: "Pizza night",
  });
  return { cookie, code: String(request.shortUrl).split("/").pop() as string };
}

function initialJsGzipBytes(): number {
  const dir = path.join(root, "dist/client");
  const manifest = JSON.parse(readFileSync(path.join(dir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit("index.html");
  return [...seen].reduce((total, key) => {
    const file = manifest[key]?.file as string;
    return total + gzipSync(readFileSync(path.join(dir, file))).length;
  }, 0);
}

/**
 * Wrong-password sign-ins from distinct addresses, 100 in flight at any moment, for as long as
 * `measure` runs: the password hash must not starve the pages (argon2id behind a bounded queue).
 */
async function duringSignInFlood(base: string, measure: () => Promise<Load>) {
  let stop = false;
  let sent = 0;
  const wrong = async (worker: number) => {
    for (let i = 0; !stop; i++) {
      sent += 1;
      await fetch(`${base}/api/identity/sign-in/email`, {
        method: "POST",
        headers: {
          origin: base,
          "content-type": "application/json",
          "x-forwarded-for": `10.9.${worker}.${i % 250}`,
        },
        body: JSON.stringify({ email: `flood-${worker}-${i}@example.com`, password: "not the password" }),
      }).catch(() => {});
    }
  };
  const workers = Array.from({ length: 100 }, (_, w) => wrong(w));
  const result = await measure();
  stop = true;
  await Promise.all(workers);
  return { load: result, sent };
}

/**
 * What stays of the abuse loads: the card thread ends after cardThreadIdleMs without a draw, then
 * what it and sharp freed goes back to the system (docs/decisions/018-memory.md) and V8 shrinks its
 * heap once the process is quiet. RSS sampled each second from then until it has made no new low
 * (by 1 MB) for 10 s, or a minute has passed: the lowest, and when it was seen.
 */
async function settledRss(pid: number): Promise<{ mb: number; seconds: number }> {
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IMAGE_LIMITS.cardThreadIdleMs + 1_000));
  let low = { mb: residentMb(pid), seconds: (performance.now() - started) / 1000 };
  while (performance.now() - started < 60_000 && performance.now() - started - low.seconds * 1000 < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const mb = residentMb(pid);
    if (mb < low.mb - 1) low = { mb, seconds: (performance.now() - started) / 1000 };
  }
  return low;
}

/**
 * Issue 26 item 11's "after the abuse tests": what hostile-photo.test.ts does, against the bench's
 * process — a 20000 x 20000 PNG bomb set as a photo (refused), then three times a 6000 x 6000 photo
 * (the largest allowed, re-encoded by sharp) and nine link-preview cards of it drawn (satori and
 * resvg on the card thread), each from its own address. Within the limits table's counts (card
 * draws 30 a minute per requester, upload links 10). Returns how many photos and cards got a 200.
 */
async function abuseLoads(base: string, databaseUrl: string) {
  const { cookie } = await prepare(base);
  // Photos need a confirmed address; the bench's mail sink only counts messages, so confirm here.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`UPDATE "user" SET email_verified = true`);
  await db.end();
  const headers = { cookie, origin: base, "content-type": "application/json" };
  const call = (method: string, url: string, body: unknown) =>
    fetch(`${base}${url}`, { method, headers, body: JSON.stringify(body) });
  const setPhoto = async (file: Buffer) => {
    const link = await call("POST", "/api/profile/photo/upload", { size: file.length });
    if (link.status !== 200) throw new Error(`upload link: ${link.status} ${await link.text()}`);
    const { uploadURL } = (await link.json()) as { uploadURL: string };
    await fetch(uploadURL, {
      method: "PUT",
      body: new Uint8Array(file),
      headers: { "content-type": "image/png" },
    });
    return (await call("PUT", "/api/profile/photo", { photoURL: uploadURL })).status;
  };
  const counts = { bombRefused: (await setPhoto(bombPng())) === 400, photos: 0, cards: 0 };
  for (let round = 0; round < 3; round++) {
    if ((await setPhoto(bombPng(6000, 6000))) === 200) counts.photos++;
    const cards: string[] = [];
    for (let i = 0; i < 9; i++) {
      const created = await call("POST", "/api/payment-requests", {
        recipientName: "Sam Lee",
        recipientPhone: "2125550101",
        amount: `${30 + round * 10 + i}.00`,
        description: "Cards",
      });
      const { request } = (await created.json()) as { request: { shortUrl: string } };
      const page = await (await fetch(`${base}/pay/${request.shortUrl.split("/").pop()}`)).text();
      const card = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
      if (card) cards.push(`${base}${new URL(card).pathname}`);
    }
    const statuses = await Promise.all(
      cards.map((card, i) =>
        fetch(card, { headers: { "x-forwarded-for": `198.51.100.${round * 10 + i + 1}` } }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
        ),
      ),
    );
    counts.cards += statuses.filter((status) => status === 200).length;
  }
  return counts;
}

/** The public and signed-in calls a day brings, interleaved on every connection. */
function mixedLoad(base: string, cookie: string, code: string) {
  const json = { cookie, origin: base, "content-type": "application/json" };
  return load({
    url: base,
    duration: mixedSeconds,
    requests: [
      { method: "GET", path: `/api/payment-screen/${code}` },
      { method: "GET", path: `/pay/${code}`, headers: BROWSER },
      {
        method: "POST",
        path: "/api/payment-requests",
        headers: json,
        body: JSON.stringify({
          recipientName: "Kim",
          recipientPhone: "2125550103",
          amount: "8.00",
          description: "Taxi",
        }),
      },
      { method: "GET", path: "/api/payment-requests", headers: { cookie } },
      { method: "GET", path: "/healthz" },
    ],
  });
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

const scaleHelpers = () => ({ startApp, stop, waitFor, freshDatabase, load, prepare, fmt });

/** The mail relay the app sends to (mail-sink.mjs, a process of its own). */
async function startMailSink(): Promise<{ url: string; close: () => void }> {
  const sink = fork(path.join(import.meta.dirname, "mail-sink.mjs"));
  children.push(sink);
  const { port } = await new Promise<{ port: number }>((resolve) => sink.once("message", resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => sink.kill() };
}

const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);
/** Payers opening their links while the reminders go out: a steady stream, not a flood. */
const PAYER_CONNECTIONS = 8;

/**
 * Issue 22's row: REMINDERS requests with a payer email each, their reminders all made due at
 * once. The next sweep (once a minute) finds them; how long until every one is emailed, and /pay's
 * p99 meanwhile against its quiet p99 under the same stream of payers.
 */
async function remindersAtOnce(base: string, cookie: string, code: string, databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // Collect emails payers only for a confirmed address; the bench's mail sink only counts messages.
  await db.query(`UPDATE "user" SET email_verified = true`);
  let made = 0;
  const created = await autocannon({
    url: `${base}/api/payment-requests`,
    method: "POST",
    connections: 16,
    amount: REMINDERS,
    headers: { cookie, origin: base, "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            recipientName: "Payer",
            recipientPhone: "2125550103",
            amount: "5.00",
            description: "Club dues",
            payerEmail: `payer-${made++}@example.com`,
            sendBy: "text",
            reminderDays: [3],
          }),
        }),
      },
    ],
  });
  if (created.non2xx + created.errors > 0)
    throw new Error(`creating the reminders' requests: ${created.non2xx} non-2xx`);
  const pay = { url: `${base}/pay/${code}`, headers: BROWSER, connections: PAYER_CONNECTIONS };
  const quietLatencies: number[] = [];
  await load({ ...pay, duration: 5, warmup: undefined } as autocannon.Options, quietLatencies);

  const sent = async () =>
    (
      await db.query<{ n: number }>(
        "select count(*)::int as n from delivery where key like 'reminder:%' and state = 'sent'",
      )
    ).rows[0]?.n ?? 0;
  const moved = await db.query(
    `update reminder r set due_at = now() - interval '1 minute'
       from payment_request p where p.id = r.request_id and p.payer_email is not null and r.state = 'scheduled'`,
  );
  const due = performance.now();
  while ((await sent()) === 0) {
    if (performance.now() - due > 120_000) throw new Error("no reminder sent within 2 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  const first = performance.now();
  const during: Load[] = [];
  const duringLatencies: number[] = [];
  for (let done = await sent(); done < (moved.rowCount ?? 0); done = await sent()) {
    if (performance.now() - first > 900_000)
      throw new Error(`${done} of ${moved.rowCount} reminders in 15 minutes`);
    during.push(
      await load({ ...pay, duration: 3, warmup: undefined } as autocannon.Options, duringLatencies),
    );
  }
  const all = performance.now();
  await db.end();
  return {
    count: moved.rowCount ?? 0,
    firstMs: first - due,
    sendingMs: all - first,
    // The same measure both times: the p99 of every response, quiet and while the reminders go out.
    quietP99: percentile(quietLatencies, 99),
    duringP99: percentile(duringLatencies, 99),
    worstRunP99: Math.max(...during.map((r) => r.p99)),
    duringRuns: during.length,
    duringErrors: during.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

/** The reminders row's two lines of the table. */
function printReminders(reminders: Awaited<ReturnType<typeof remindersAtOnce>>) {
  const perSecond = reminders.count / (reminders.sendingMs / 1000);
  console.log(
    `| ${fmt(reminders.count)} reminders due at once, each emailed to its payer (one process, PostgreSQL) | first ${fmt(reminders.firstMs / 1000, 1)} s after due (the minute's sweep), all ${fmt(reminders.sendingMs / 1000, 1)} s later (${fmt(perSecond)}/s) | all sent |`,
  );
  console.log(
    `| /pay p99 while they go out, ${PAYER_CONNECTIONS} connections (${reminders.duringErrors} errors) | ${fmt(reminders.duringP99, 2)} ms vs ${fmt(reminders.quietP99, 2)} ms quiet, every response of ${reminders.duringRuns} runs of 3 s against 5 s quiet (the worst run's p99: ${fmt(reminders.worstRunP99)} ms) | ≤ 2× quiet ${reminders.duringP99 <= 2 * reminders.quietP99 ? "(met)" : "(**missed**)"} |`,
  );
}

/**
 * `BENCH_ONLY=pay`: the app's /pay and the two bare servers it is read against, alternated three
 * times, so that the machine's swings between runs fall on all three alike.
 */
async function printPayAlternated(
  bare: () => Promise<Load>,
  barePay: () => Promise<Load>,
  app: () => Promise<Load>,
) {
  console.log(
    "\n| round | bare JSON | bare /pay bytes | app /pay | app ÷ bare JSON | app ÷ bare /pay |\n|---|---|---|---|---|---|",
  );
  const ratios: number[] = [];
  for (let round = 1; round <= 3; round++) {
    const [json, bytes, page] = [await bare(), await barePay(), await app()];
    ratios.push(page.rps / json.rps);
    console.log(
      `| ${round} | ${fmt(json.rps)} req/s | ${fmt(bytes.rps)} req/s | ${fmt(page.rps)} req/s, p99 ${fmt(page.p99)} ms | ${fmt(page.rps / json.rps, 2)}× | ${fmt(page.rps / bytes.rps, 2)}× |`,
    );
  }
  console.log(`\nmedian app /pay ÷ bare JSON: ${fmt(percentile(ratios, 50), 2)}× (target ≥ 0.5×)`);
}

/** Loads a bare node:http baseline (baseline-server.mjs, its own process like the app) with `env`. */
async function bareLoad(env: Record<string, string>, headers?: Record<string, string>): Promise<Load> {
  const port = 3701;
  const baseline = fork(path.join(import.meta.dirname, "baseline-server.mjs"), {
    env: { ...process.env, PORT: String(port), ...env },
  });
  children.push(baseline);
  await new Promise((r) => baseline.once("message", r));
  const result = await load({ url: `http://127.0.0.1:${port}/`, ...(headers ? { headers } : {}) });
  const exited = new Promise((r) => baseline.once("exit", r));
  baseline.kill();
  await exited;
  return result;
}

/** An answer's bytes as sent (fetch would decompress them) and its headers, less the per-connection ones. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const kept = Object.entries(response.headers).filter(
            ([name]) => !["content-length", "date", "connection", "keep-alive"].includes(name),
          );
          resolve({
            body: Buffer.concat(chunks),
            headers: Object.fromEntries(kept) as Record<string, string>,
          });
        });
      })
      .on("error", reject);
  });
}

/**
 * Start-up with the database already made (median of 3): from spawning `npm start`'s script to
 * the first 200 from /readyz, which answers only once the database has answered a query. The
 * process's CPU time at that moment is shown too: on a shared machine the wall time includes
 * waiting for a core, the CPU time does not. With `floor`, that script's starts alternate with
 * the app's, each measured the same way.
 */
async function startUp(base: string, env: Record<string, string>, floor?: string) {
  const scripts = [startScript, ...(floor ? [floor] : [])];
  const startups = scripts.map(() => [] as { ms: number; cpuMs: number }[]);
  for (let i = 0; i < 4; i++) {
    for (const [s, script] of scripts.entries()) {
      const t0 = performance.now();
      const app = startApp(env, script);
      await waitFor(`${base}/readyz`, 120_000, 5);
      const ms = performance.now() - t0;
      // The first run makes (or warms) the database.
      if (i > 0) startups[s]?.push({ ms, cpuMs: cpuMsOf(app.pid) });
      await stop(app);
    }
  }
  const median = (runs: { ms: number; cpuMs: number }[] = []) =>
    runs.sort((a, b) => a.ms - b.ms)[1] ?? { ms: 0, cpuMs: 0 };
  return { ...median(startups[0]), floor: floor ? median(startups[1]) : undefined };
}

async function main() {
  if (process.env.BENCH_SCALE === "only") return runScale(scaleHelpers());
  const appPort = 3700;
  const base = `http://127.0.0.1:${appPort}`;
  const databaseUrl = await freshDatabase("collect_bench");
  const mail = await startMailSink();
  const postgresEnv = {
    PORT: String(appPort),
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: base,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
    // The flood row sends each sign-in from its own address, as a botnet would.
    TRUST_PROXY: "true",
    SMTP_URL: mail.url,
    MAIL_FROM: "Collect <no-reply@example.com>",
  };
  const app = startApp(postgresEnv);
  await waitFor(`${base}/readyz`);
  const { cookie, code } = await prepare(base);
  if (process.env.BENCH_ONLY === "reminders") {
    printReminders(await remindersAtOnce(base, cookie, code, databaseUrl));
    await stop(app);
    mail.close();
    return;
  }
  const screenBody = await (await fetch(`${base}/api/payment-screen/${code}`)).text();

  // Baseline: same JSON, bare node:http, its own process like the app.
  const bareJson = () => bareLoad({ BASELINE_BODY: screenBody });
  // And bare node:http sending /pay's brotli bytes with the app's headers: what that answer's
  // size and headers cost before any app code runs (the /pay row's target is against `bare`).
  const pay = await rawGet(`${base}/pay/${code}`, BROWSER);
  const barePayLoad = () =>
    bareLoad(
      {
        BASELINE_BODY_BASE64: pay.body.toString("base64"),
        BASELINE_HEADERS: JSON.stringify(pay.headers),
      },
      BROWSER,
    );
  const appPay = () => load({ url: `${base}/pay/${code}`, headers: BROWSER });
  if (process.env.BENCH_ONLY === "pay") {
    await printPayAlternated(bareJson, barePayLoad, appPay);
    await stop(app);
    mail.close();
    return;
  }
  const bare = await bareJson();
  const barePay = await barePayLoad();

  // The same server answering without the database: what Fastify, the hooks and the headers
  // cost on their own, so the table shows how much of the gap is the database.
  const floor = await load({ url: `${base}/healthz` });
  const screen = await load({ url: `${base}/api/payment-screen/${code}` });
  const create = await load({
    url: `${base}/api/payment-requests`,
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({
      recipientName: "Alex",
      recipientPhone: "2125550102",
      amount: "12.00",
      description: "Lunch",
    }),
  });
  const payHtml = await appPay();
  const payHtmlPlain = await load({ url: `${base}/pay/${code}` });
  const flood = await duringSignInFlood(base, appPay);
  const pageBytes = await measurePayPageBytes(`${base}/pay/${code}`);
  const lighthouse = await lighthouseScore(`${base}/pay/${code}`);
  // The create run added thousands of rows in seconds; autovacuum would refresh the planner's
  // statistics within its naptime (1 min), until then the list reads them all and sorts.
  await analyze(databaseUrl);
  const mixed = await mixedLoad(base, cookie, code);
  const rss = residentMb(app.pid as number);
  const abuse = await abuseLoads(base, databaseUrl);
  const rssAbuse = residentMb(app.pid as number);
  const settled = await settledRss(app.pid as number);
  const reminders = REMINDERS > 0 ? await remindersAtOnce(base, cookie, code, databaseUrl) : null;
  await stop(app);
  mail.close();

  const startupPostgres = await startUp(base, postgresEnv);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "collect-bench-"));
  const startup = await startUp(
    base,
    {
      PORT: String(appPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
    },
    path.join(import.meta.dirname, "baseline-start.mjs"),
  );
  rmSync(dataDir, { recursive: true, force: true });

  const ratio = (r: Load) => r.rps / bare.rps;
  const mark = (met: boolean) => (met ? "met" : "**missed**");
  const loads: [string, Load, string, boolean | null][] = [
    ["baseline node:http (same JSON)", bare, "—", null],
    ["GET /healthz (same server, no database)", floor, "≥ 0.6×", ratio(floor) >= 0.6],
    [
      "GET /api/payment-screen/{code} (PostgreSQL)",
      screen,
      "≥ 0.5×, p99 < 20 ms",
      ratio(screen) >= 0.5 && screen.p99 < 20,
    ],
    [
      "POST /api/payment-requests (signed in, PostgreSQL)",
      create,
      "≥ 1,500 req/s, p99 < 50 ms",
      create.rps >= 1500 && create.p99 < 50,
    ],
    // Issue 26 item 11 raised it from 0.45×.
    [
      `GET /pay/{code} HTML, as browsers ask (brotli; ${fmt(payHtml.rps / barePay.rps, 2)}× the bare /pay below)`,
      payHtml,
      "≥ 0.5×",
      ratio(payHtml) >= 0.5,
    ],
    [
      `baseline node:http sending /pay's brotli bytes (${fmt(pay.body.length)} B) and headers (${Object.keys(pay.headers).length})`,
      barePay,
      "—",
      null,
    ],
    ["GET /pay/{code} HTML, no compression asked (12 KB)", payHtmlPlain, "—", null],
    [
      `GET /pay/{code} during 100 parallel wrong sign-ins (${flood.sent} sent)`,
      flood.load,
      "p99 < 100 ms",
      flood.load.p99 < 100,
    ],
    [`mixed: pay screen, /pay HTML, create, list, /healthz (${mixedSeconds} s)`, mixed, "—", null],
  ];
  const rows = loads.map(([what, r, target, met]) => [
    what,
    `${fmt(r.rps)} req/s`,
    `${fmt(r.p50)} / ${fmt(r.p99)} ms`,
    `${fmt(ratio(r), 2)}×`,
    target,
    met === null ? "" : mark(met),
  ]);
  const errors = loads
    .filter(([what]) => !what.includes("wrong sign-ins"))
    .reduce((sum, [, r]) => sum + r.errors + r.non2xx, 0);
  console.log(
    `\nCollect bench — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${seconds} s per run, loopback`,
  );
  console.log("\n| what | throughput | p50 / p99 | vs baseline | target | |\n|---|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  console.log("\n| what | measured | target |\n|---|---|---|");
  console.log(
    `| /pay/{code} first visit in Chromium, all resources on the wire | ${fmt(pageBytes / 1024, 1)} KB | ≤ 60 KB |`,
  );
  console.log(`| /pay/{code} Lighthouse mobile performance | ${lighthouse} | ≥ 98 |`);
  console.log(
    `| RSS of the server process after ${mixedSeconds} s of mixed load | ${fmt(rss)} MB | ≤ 250 MB |`,
  );
  console.log(
    `| RSS of the same process after the abuse loads (bomb ${abuse.bombRefused ? "refused" : "**not refused**"}, ${abuse.photos} photos of 6000 x 6000, ${abuse.cards} cards drawn), the card thread still running | ${fmt(rssAbuse)} MB | — |`,
  );
  console.log(
    `| RSS of the same process once settled (${fmt(settled.seconds)} s later: the card thread ended, no new low for 10 s) | ${fmt(settled.mb)} MB | ≤ 250 MB |`,
  );
  console.log(`| signed-in app initial JS (gzip) | ${fmt(initialJsGzipBytes() / 1024, 1)} KB | ≤ 150 KB |`);
  console.log(
    `| start-up to first /readyz 200, existing embedded database (median of 3) | ${fmt(startup.ms)} ms (CPU ${fmt(startup.cpuMs)} ms) | ≤ 1,000 ms |`,
  );
  if (startup.floor) {
    console.log(
      `| … its floor: Node, PGlite opening the same folder and a bare node:http /readyz (median of 3, alternated with the app's) | ${fmt(startup.floor.ms)} ms (CPU ${fmt(startup.floor.cpuMs)} ms); the app's start is ${fmt(startup.ms / startup.floor.ms, 2)}× it | — |`,
    );
  }
  console.log(
    `| start-up to first /readyz 200, existing PostgreSQL database (median of 3) | ${fmt(startupPostgres.ms)} ms (CPU ${fmt(startupPostgres.cpuMs)} ms) | ≤ 1,000 ms |`,
  );
  if (reminders) printReminders(reminders);
  console.log(`\nerrors or non-2xx during load: ${errors}; the app's log: ${logFile}`);
  if (process.env.BENCH_SCALE === "1") await runScale(scaleHelpers());
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
