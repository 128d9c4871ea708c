import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { nextPageUrl } from "#shared/schemas/page.ts";

const root = path.resolve(import.meta.dirname, "../..");

export const AUTH_SECRET = "resilience-secret-resilience-secret-0123";
const running = new Set<ChildProcess>();
// A failed test must not leave servers behind: after the file's own hooks (registered later, so
// run first) and, should the worker end otherwise, as it exits. (Two servers of a failed
// close-the-loop run were still serving an hour later: vitest ends its workers with a signal.)
const killRunning = () => {
  for (const child of running) child.kill("SIGKILL");
};
afterAll(killRunning);
process.on("exit", killRunning);

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
};

const entry = path.join(root, "dist/server/main.js");

/** Starts the real, compiled server in its own process (building it once if needed) and waits until it is ready. */
export async function startServer(
  env: Record<string, string>,
  fixedPort?: number,
  how: { cwd: string; command: string[] } = { cwd: root, command: [process.execPath, entry] },
): Promise<ServerProcess> {
  if (!existsSync(entry)) execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  const port = fixedPort ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const [command = process.execPath, ...args] = how.command;
  const child = spawn(command, args, {
    cwd: how.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      AUTH_SECRET,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // One account writes as fast as it can on purpose: no per-user write limits here.
      RATE_LIMITS: "false",
      // Tests that restart through a load balancer set their own drain (rolling-restart.test.ts).
      SHUTDOWN_DRAIN_MS: "0",
      // Production refuses to guess the database: the embedded one unless a URL is given.
      ...(env.DATABASE_URL ? {} : { DATABASE: "embedded" }),
      ...env,
    },
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, child, exited, output: () => output };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`server not ready: ${output}`);
}

export type Client = {
  cookie: string;
  call: (method: string, url: string, body?: unknown, base?: string) => Promise<Response>;
  /** Every row of a paged list, following its `Link: <…>; rel="next"` pages. */
  all: <T>(url: string, base?: string) => Promise<T[]>;
};

/** Signs up through the real API and returns a same-origin client bound to that session. */
export async function signUp(base: string): Promise<Client> {
  const credentials = {
    email: `r-${Math.random().toString(36).slice(2)}@example.com`,
    password: "correct horse battery",
  };
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const signedUp = await post("/api/identity/sign-up/email", { ...credentials, name: "" });
  if (!signedUp.ok) throw new Error(`sign-up failed ${signedUp.status}`);
  // Sign-up starts no session: sign in, as the sign-in page does next.
  const response = await post("/api/identity/sign-in/email", credentials);
  if (!response.ok) throw new Error(`sign-in failed ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const call = (method: string, url: string, body?: unknown, at = base) =>
    fetch(`${at}${url}`, {
      method,
      headers: { origin: at, cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const setup = await call("POST", "/api/auth/setup", {
    profileName: "Resilient",
    paymentAccounts: [{ provider: "venmo", accountHandle: "@resilient" }],
  });
  if (!setup.ok) throw new Error(`setup failed ${setup.status}`);
  const all = async <T>(url: string, at = base): Promise<T[]> => {
    const rows: T[] = [];
    for (let next: string | null = url; next; ) {
      const response = await call("GET", next, undefined, at);
      if (!response.ok) throw new Error(`GET ${next}: ${response.status}`);
      rows.push(...((await response.json()) as T[]));
      next = nextPageUrl(response.headers.get("link"));
    }
    return rows;
  };
  return { cookie, call, all };
}

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const created: string[] = [];

/** Drops every database this file created (afterAll). */
export async function dropDatabases(): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  for (const name of created.splice(0)) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

/** A new empty PostgreSQL database; the server migrates it on start. */
export async function createDatabase(): Promise<{
  url: string;
  name: string;
  admin: (sql: string) => Promise<pg.QueryResult>;
}> {
  const name = `collect_res_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  created.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, admin };
}

export const REQUEST = {
  recipientName: "Sam Lee",
  recipientPhone: "2125550101",
  amount: "9.99",
  description: "Lunch",
};

/**
 * `count` requests by `client`, each with a payer email (`payer-<k>@example.com`) and a reminder
 * 3 days on, after confirming the user's email (Collect emails payers only for a confirmed
 * address; the test's mail server is the payers'). Returns their codes.
 */
export async function requestsWithPayerReminders(
  client: Client,
  databaseUrl: string,
  count: number,
): Promise<string[]> {
  const confirm = new pg.Client({ connectionString: databaseUrl });
  await confirm.connect();
  await confirm.query(`UPDATE "user" SET email_verified = true`);
  await confirm.end();
  const codes: string[] = [];
  for (let start = 0; start < count; start += 25) {
    const made = await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, (_, k) =>
        client.call("POST", "/api/payment-requests", {
          ...REQUEST,
          payerEmail: `payer-${start + k}@example.com`,
          reminderDays: [3],
        }),
      ),
    );
    for (const answer of made) {
      if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${await answer.text()}`);
      codes.push(((await answer.json()) as { code: string }).code);
    }
  }
  return codes;
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One HTTP call from a given loopback source address (`127.0.x.y`), standing in for a distinct
 * client: the server keys its per-address limits on it. A fresh connection each time.
 */
export function callFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? "GET",
        localAddress,
        agent: false,
        headers: {
          origin: new URL(url).origin,
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          ...options.headers,
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
