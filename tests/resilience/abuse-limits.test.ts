import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMailServer } from "#server/test/mail-server.ts";
import { type Answer, callFrom, type ServerProcess, signUp, startServer } from "./server-process";

/** Issue 25's High findings F2 and F3 on the production build, each client its own loopback address. */
let server: ServerProcess;
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "collect-abuse-")),
    RATE_LIMITS: "true",
    SMTP_URL: mail.url,
    MAIL_FROM: "Collect <collect@example.com>",
  });
});
afterAll(async () => {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  await mail.close();
});

const signInFrom = (address: string, email: string, password: string) =>
  callFrom(address, `${server.base}/api/identity/sign-in/email`, {
    method: "POST",
    body: { email, password },
  });

it("leaves another address's sign-in and sign-up at 200 after 660 sign-ins from one address (F2)", async () => {
  const email = `owner-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const signedUp = await callFrom("127.0.0.4", `${server.base}/api/identity/sign-up/email`, {
    method: "POST",
    body: { email, password, name: "" },
  });
  expect(signedUp.status).toBe(200);

  const statuses = new Map<number, number>();
  for (let batch = 0; batch < 33; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signInFrom("127.0.0.2", `flood-${batch}-${i}@example.com`, "wrong password!"),
      ),
    );
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  }
  console.log("660 sign-ins from 127.0.0.2:", Object.fromEntries(statuses));
  expect(statuses.get(429)).toBeGreaterThanOrEqual(640);

  const owner = await signInFrom("127.0.0.3", email, password);
  expect(owner.status, owner.body).toBe(200);
  const newcomer = await callFrom("127.0.0.5", `${server.base}/api/identity/sign-up/email`, {
    method: "POST",
    body: { email: `new-${Date.now()}@example.com`, password, name: "" },
  });
  expect(newcomer.status, newcomer.body).toBe(200);
});

it("keeps an hourly limit across better-auth's pruning of its own table (F3)", async () => {
  const client = await signUp(server.base);
  const resend = () => client.call("POST", "/api/account/verification-email");
  for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(204);
  expect((await resend()).status).toBe(429);
  // better-auth's counter for this address starts now; when its window restarts past 60 s,
  // better-auth deletes every row of its table older than that: Collect's hourly counts were
  // among them, and 9 verification mails went out in 2 minutes against a limit of 3 an hour.
  await signInFrom("127.0.0.9", "nobody@example.com", "wrong password!");
  await new Promise((resolve) => setTimeout(resolve, 61_000));
  const pruning: Answer = await signInFrom("127.0.0.9", "nobody@example.com", "wrong password!");
  expect(pruning.status).toBe(401);

  const after = await resend();
  expect(after.status).toBe(429);
  expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(3_000);
}, 120_000);
