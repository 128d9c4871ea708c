/**
 * The scale scenario of `npm run bench` (BENCH_SCALE=1 after the other rows, BENCH_SCALE=only
 * alone): one user with 100,000 requests and 5,000 contacts, and 1,000,000 requests across
 * 10,000 users, seeded with set-based INSERT … SELECT on PostgreSQL. Prints its rows with their
 * targets; docs/decisions/015-keyset-pagination.md explains the indexes it exercises.
 */
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import type autocannon from "autocannon";
import pg from "pg";
import { residentMb } from "#server/test/resident-memory.ts";

type Load = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

export type ScaleHelpers = {
  startApp(env: Record<string, string>): ChildProcess;
  stop(child: ChildProcess): Promise<void>;
  waitFor(url: string): Promise<number>;
  freshDatabase(name: string): Promise<string>;
  load(options: autocannon.Options): Promise<Load>;
  prepare(base: string): Promise<{ cookie: string; code: string }>;
  fmt(n: number, digits?: number): string;
};

const OWNER_REQUESTS = 100_000;
const OWNER_CONTACTS = 5_000;
const OTHER_USERS = 9_999;
const TOTAL_REQUESTS = 1_000_000;
/** One person the owner has 1,000 open requests with, and one with 10 (every 10,000th is theirs, all pending). */
const HEAVY_PHONE = "2125551234";
const HEAVY_OPEN = 1_000;
const LIGHT_PHONE = "2125550010";

async function seed(databaseUrl: string, cookieUserEmail: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = performance.now();
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM "user" WHERE email = $1`, [
    cookieUserEmail,
  ]);
  const owner = rows[0]?.id;
  if (!owner) throw new Error("bench user not found");
  await client.query(
    `INSERT INTO "user" (id, name, email, profile_name)
     SELECT 'scale-' || g, 'User ' || g, 'scale-' || g || '@example.com', 'User ' || g
     FROM generate_series(1, $1::int) g`,
    [OTHER_USERS],
  );
  // Statuses as a long history has them: mostly paid, some pending, a few cancelled.
  const requestsOf = (users: string, count: number, offset: number) =>
    client.query(
      `INSERT INTO payment_request (user_id, code, recipient_name, recipient_phone, amount, description, status, created_at)
       SELECT ${users}, 'b' || lpad(to_hex(g + $2::int), 9, '0'), 'Recipient ' || (g % 997),
              '212555' || lpad((g % 10000)::text, 4, '0'), ((g % 20000) + 100) / 100.0,
              CASE WHEN g % 3 = 0 THEN NULL ELSE 'Rent for month ' || (g % 120) END,
              (CASE WHEN g % 10 = 0 THEN 'pending' WHEN g % 20 = 1 THEN 'cancelled' ELSE 'paid' END)::request_status,
              now() - (g * interval '7 minutes')
       FROM generate_series(1, $1::int) g`,
      [count, offset],
    );
  await requestsOf(`'${owner}'`, OWNER_REQUESTS, 0);
  await requestsOf(`'scale-' || (1 + g % ${OTHER_USERS})`, TOTAL_REQUESTS - OWNER_REQUESTS, OWNER_REQUESTS);
  // One person with 1,000 open requests (their balance page reads them a page at a time).
  await client.query(
    `INSERT INTO payment_request (user_id, code, recipient_name, recipient_phone, amount, status, created_at)
     SELECT $1, 'o' || lpad(to_hex(g), 9, '0'), 'Heavy Payer', '${HEAVY_PHONE}', 10 + g % 90, 'pending', now() - (g * interval '1 hour')
     FROM generate_series(1, $2::int) g`,
    [owner, HEAVY_OPEN],
  );
  await client.query(
    `INSERT INTO payee (user_id, name, phone)
     SELECT $1, 'Contact ' || g, '31255' || lpad(g::text, 5, '0') FROM generate_series(1, $2::int) g`,
    [owner, OWNER_CONTACTS],
  );
  await client.query("VACUUM ANALYZE");
  const seconds = (performance.now() - t0) / 1000;
  await client.end();
  return seconds;
}

/** A signed-in GET, `count` times one after another: p99 and size of the answer. */
async function sequential(url: string, cookie: string, count: number, post?: object) {
  const times: number[] = [];
  let bytes = 0;
  const init: RequestInit = post
    ? {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: new URL(url).origin },
        body: JSON.stringify(post),
      }
    : { headers: { cookie } };
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await fetch(url, init);
    const body = await response.arrayBuffer();
    times.push(performance.now() - t0);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), bytes };
}

/** An app on its own database, with a signed-in user who has one request. */
async function startWith(h: ScaleHelpers, database: string, port: number) {
  const base = `http://127.0.0.1:${port}`;
  const databaseUrl = await h.freshDatabase(database);
  const app = h.startApp({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: base,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
  });
  await h.waitFor(`${base}/readyz`);
  const { cookie, code } = await h.prepare(base);
  const { email } = (await fetch(`${base}/api/auth/user`, { headers: { cookie } }).then((r) => r.json())) as {
    email: string;
  };
  const screen = () => h.load({ url: `${base}/api/payment-screen/${code}` });
  const create = () =>
    h.load({
      url: `${base}/api/payment-requests`,
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ recipientName: "Alex", recipientPhone: "2125550102", amount: "12.00" }),
    });
  return { app, base, databaseUrl, cookie, email, code, screen, create };
}

const ROUNDS = 5;
const median = (loads: Load[]) =>
  [...loads].sort((a, b) => a.rps - b.rps)[Math.floor(loads.length / 2)] as Load;

export async function runScale(h: ScaleHelpers) {
  const empty = await startWith(h, "collect_bench_empty", 3702);
  const full = await startWith(h, "collect_bench_scale", 3703);
  const seedSeconds = await seed(full.databaseUrl, full.email);
  const { base, cookie } = full;

  // Warm-up, then empty and full in turns (this machine's load drifts), the median of ROUNDS.
  for (const side of [empty, full]) {
    await h.load({ url: `${side.base}/api/payment-screen/${side.code}`, duration: 2 });
    await side.create();
  }
  const runs = {
    emptyScreen: [] as Load[],
    fullScreen: [] as Load[],
    emptyCreate: [] as Load[],
    fullCreate: [] as Load[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    runs.emptyScreen.push(await empty.screen());
    runs.fullScreen.push(await full.screen());
    runs.emptyCreate.push(await empty.create());
    runs.fullCreate.push(await full.create());
  }
  await h.stop(empty.app);

  await sequential(`${base}/api/payment-requests`, cookie, 30);
  const home = await sequential(`${base}/api/payment-requests`, cookie, 300);
  const archive = await sequential(`${base}/api/payment-requests?order=newest`, cookie, 300);
  const archivePage = await fetch(`${base}/api/payment-requests?order=newest`, { headers: { cookie } });
  const deepUrl = /^<([^>]+)>/.exec(archivePage.headers.get("link") ?? "")?.[1] ?? "";
  const deep = await sequential(`${base}${deepUrl}`, cookie, 300);
  const search = await sequential(`${base}/api/payment-requests?order=newest&q=month%2011`, cookie, 100);
  const summary = await sequential(`${base}/api/payment-requests/summary`, cookie, 100);
  const contacts = await sequential(`${base}/api/payees`, cookie, 300);
  const heavyBalance = await sequential(`${base}/api/balances/${HEAVY_PHONE}`, cookie, 300);
  const lightBalance = await sequential(`${base}/api/balances/${LIGHT_PHONE}`, cookie, 300);
  // "Request all": the total in one aggregate, the same link each time, and its text.
  const heavyAll = await sequential(`${base}/api/balances/${HEAVY_PHONE}/link`, cookie, 100, {});
  const lightAll = await sequential(`${base}/api/balances/${LIGHT_PHONE}/link`, cookie, 100, {});

  // Peak RSS over the idle process, after one export and after four: flat means no growth with rows.
  const pid = full.app.pid as number;
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 10);
  const exports: number[] = [];
  const peaks: number[] = [];
  let csv = "";
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    csv = await fetch(`${base}/api/payment-requests/export.csv`, { headers: { cookie } }).then((r) =>
      r.text(),
    );
    exports.push(performance.now() - t0);
    peaks.push(peak);
  }
  clearInterval(sampler);
  const csvRows = csv.split("\r\n").length - 2;
  await h.stop(full.app);

  const { fmt } = h;
  const kb = (n: number) => `${fmt(n / 1024, 1)} KB`;
  const range = (loads: Load[]) => {
    const rps = loads.map((l) => l.rps);
    return `${fmt(Math.min(...rps))}–${fmt(Math.max(...rps))}`;
  };
  const compare = (emptyRuns: Load[], fullRuns: Load[]) => {
    const [e, f] = [median(emptyRuns), median(fullRuns)];
    return `${fmt(e.rps)} (${range(emptyRuns)}) → ${fmt(f.rps)} (${range(fullRuns)}) req/s, ${fmt((f.rps / e.rps - 1) * 100, 1)}%; p99 ${fmt(e.p99)} → ${fmt(f.p99)} ms`;
  };
  console.log(
    `\nScale: one user with ${fmt(OWNER_REQUESTS)} requests and ${fmt(OWNER_CONTACTS)} contacts; ${fmt(TOTAL_REQUESTS)} requests across ${fmt(OTHER_USERS + 1)} users (seeded in ${fmt(seedSeconds, 1)} s); load average at the end ${os
      .loadavg()
      .map((n) => fmt(n, 1))
      .join(" ")} on ${os.cpus().length} cores`,
  );
  console.log("\n| what | measured | target |\n|---|---|---|");
  const rows: [string, string, string][] = [
    [
      "Home first page (pending first), p50 / p99, one client",
      `${fmt(home.p50, 1)} / ${fmt(home.p99, 1)} ms`,
      "p99 < 50 ms",
    ],
    ["Home first page size", kb(home.bytes), "< 50 KB"],
    [
      "Archive first page (newest), p50 / p99",
      `${fmt(archive.p50, 1)} / ${fmt(archive.p99, 1)} ms`,
      "p99 < 50 ms",
    ],
    ["Archive first page size", kb(archive.bytes), "< 50 KB"],
    ["Archive second page (from the Link header), p99", `${fmt(deep.p99, 1)} ms`, "p99 < 50 ms"],
    ["Archive search over 100,000 rows, first page, p99", `${fmt(search.p99, 1)} ms`, "—"],
    [
      "Archive summary (totals over 100,000 rows), p50 / p99",
      `${fmt(summary.p50, 1)} / ${fmt(summary.p99, 1)} ms`,
      "—",
    ],
    [
      "Contacts first page of 5,000, p99 / size",
      `${fmt(contacts.p99, 1)} ms / ${kb(contacts.bytes)}`,
      "p99 < 50 ms, < 50 KB",
    ],
    [
      `One person's balance, first page: ${fmt(HEAVY_OPEN)} open items → 10, p50 / p99`,
      `${fmt(heavyBalance.p50, 1)} / ${fmt(heavyBalance.p99, 1)} ms → ${fmt(lightBalance.p50, 1)} / ${fmt(lightBalance.p99, 1)} ms, ${kb(heavyBalance.bytes)}`,
      "p99 < 50 ms, the same for both",
    ],
    [
      `Request all for that person (POST …/link: the total and the text): ${fmt(HEAVY_OPEN)} open items → 10, p50 / p99`,
      `${fmt(heavyAll.p50, 1)} / ${fmt(heavyAll.p99, 1)} ms → ${fmt(lightAll.p50, 1)} / ${fmt(lightAll.p99, 1)} ms`,
      "p99 < 50 ms",
    ],
    [
      `CSV export of ${fmt(csvRows)} rows, 1st / 2nd / 4th run`,
      `${[0, 1, 3].map((i) => fmt((exports[i] ?? 0) / 1000, 2)).join(" / ")} s, ${fmt(csv.length / 1024 / 1024, 1)} MB`,
      "< 5 s",
    ],
    [
      "CSV export, peak RSS over the idle process after the 1st / 4th run",
      `+${fmt((peaks[0] ?? 0) - before, 1)} / +${fmt((peaks[3] ?? 0) - before, 1)} MB (idle ${fmt(before)} MB)`,
      "flat",
    ],
    [
      "GET /api/payment-screen/{code} (view cached per process), empty → 1,000,000 rows, median of 5 (range)",
      compare(runs.emptyScreen, runs.fullScreen),
      "within 10%",
    ],
    [
      "POST /api/payment-requests, empty → 1,000,000 rows, median of 5 (range)",
      compare(runs.emptyCreate, runs.fullCreate),
      "within 10%",
    ],
  ];
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  const errors = Object.values(runs)
    .flat()
    .reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  console.log(`\nscale errors or non-2xx during load: ${errors}`);
}
