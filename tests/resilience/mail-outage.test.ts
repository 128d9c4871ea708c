import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { until } from "#server/test/harness.ts";
import { startMailServer } from "#server/test/mail-server.ts";
import { createDatabase, dropDatabases, freePort, REQUEST, signUp, startServer } from "./server-process";

afterAll(dropDatabases);

/** A compressed day: mail is given up after 36 s here (JOBS_MAIL_GIVE_UP_HOURS), not 24 h. */
const DAY_SECONDS = 36;
/** SMTP is down for most of it. */
const OUTAGE_MS = 25_000;

/**
 * The real server, its SMTP server down for most of a "day" whose retry delays are scaled down by
 * configuration (a first retry after 1 s, at most 2 s apart, given up after 36 s), then up. Every
 * queued message of every kind, a request emailed to its payer, a notification, address
 * confirmations and a password reset, arrives exactly once, counted by Message-ID; /readyz says
 * mail is degraded meanwhile, and ready after. Before, one SMTP error lost the account mail, and
 * payer mail and notifications were given up after 15 and 7.5 minutes of outage.
 */
it("queued mail of every kind waits out an SMTP outage, then arrives once each", async () => {
  const database = await createDatabase();
  const smtpPort = await freePort();
  const server = await startServer({
    DATABASE_URL: database.url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Collect <no-reply@example.com>",
    JOBS_MAIL_RETRY_DELAY_SECONDS: "1",
    JOBS_RETRY_DELAY_MAX_SECONDS: "2",
    JOBS_MAIL_GIVE_UP_HOURS: String(DAY_SECONDS / 3_600),
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  let mail: Awaited<ReturnType<typeof startMailServer>> | undefined;
  try {
    const base = server.base;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    // The requester signs up (a confirmation mail), confirms (as its link would), and asks a
    // payer by email (the request's mail); the payer says they paid (a notification by email).
    const requester = await signUp(base);
    await db.query(`UPDATE "user" SET email_verified = true`);
    const made = await requester.call("POST", "/api/payment-requests", {
      ...REQUEST,
      payerEmail: "payer@outage.example",
      sendBy: "email",
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { request } = (await made.json()) as { request: { shortUrl: string } };
    const code = request.shortUrl.split("/").pop();
    expect((await post(`/api/payment-screen/${code}/claim`, { via: "venmo" })).status).toBe(204);
    // A password reset, and a newcomer's confirmation.
    const { rows: owners } = await db.query(`SELECT email FROM "user"`);
    const owner = owners[0].email as string;
    expect(
      (await post("/api/identity/request-password-reset", { email: owner, redirectTo: "/reset-password" }))
        .status,
    ).toBe(200);
    const newcomer = "newcomer@outage.example";
    expect(
      (
        await post("/api/identity/sign-up/email", {
          email: newcomer,
          password: "correct horse battery",
          name: "",
        })
      ).status,
    ).toBe(200);

    const deliveries = async () =>
      (
        await db.query(
          "SELECT key, kind, state::text, attempts, message_id FROM delivery WHERE kind <> 'push' ORDER BY key",
        )
      ).rows as { key: string; kind: string; state: string; attempts: number; message_id: string | null }[];
    await until(async () => (await deliveries()).length === 5, 10_000);
    const readyz = async () => (await fetch(`${base}/readyz`)).json();
    await until(async () => (await readyz()).status === "degraded", 10_000);
    expect(await readyz()).toEqual({ status: "degraded", degraded: ["mail"] });

    // Most of the "day" down: every message tried again and again, none given up.
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    const waiting = await deliveries();
    expect(waiting.map((row) => row.state)).toEqual(Array(5).fill("pending"));
    expect(Math.min(...waiting.map((row) => row.attempts))).toBeGreaterThan(3);

    mail = await startMailServer({ port: smtpPort });
    await until(async () => (await deliveries()).every((row) => row.state === "sent"), 20_000);
    // Quiet for a moment: nothing more may arrive.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const sent = await deliveries();
    const ids = mail.received.map((m) => m.headers?.["message-id"]);
    console.log(
      `mail outage: ${sent.length} messages queued, ${mail.received.length} received, attempts ${sent
        .map((row) => `${row.key.split(":")[0]}:${row.attempts}`)
        .join(" ")}`,
    );
    // Exactly once each: one message per delivery, under its own Message-ID.
    expect(ids.sort()).toEqual(sent.map((row) => row.message_id).sort());
    const to = (address: string) =>
      mail?.received.filter((m) => m.to.includes(address)).map((m) => m.subject);
    expect(to("payer@outage.example")).toHaveLength(1);
    expect(to(newcomer)).toEqual([expect.stringMatching(/Confirm your email/)]);
    const own = to(owner.toLowerCase()) ?? [];
    for (const subject of [/Confirm your email/, /paid/i, /Reset your Collect password/])
      expect(own.filter((s) => subject.test(s))).toHaveLength(1);
    expect(own).toHaveLength(3);
    expect(await readyz()).toEqual({ status: "ready" });
  } finally {
    await db.end();
    server.child.kill("SIGKILL");
    await mail?.close();
  }
}, 120_000);
