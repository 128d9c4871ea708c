import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { openDatabase } from "#server/db/client.ts";
import { paymentRequests, users } from "#server/db/schema.ts";
import { ConfigError, loadConfig } from "#server/env.ts";

/**
 * `npm run seed`: a lived-in demo account in the embedded database, made through the real API
 * (so every row passed the same validation as the app's own). Refuses a DATABASE_URL unless
 * --force, so nobody seeds production by accident.
 */
export const DEMO = { email: "demo@collect.example", password: "collect-demo-2026" };

const REQUESTS = [
  {
    recipientName: "Sam Lee",
    recipientPhone: "2125550101",
    amount: "25.50",
    description: "Pizza night 🍕",
    ageDays: 0,
  },
  {
    recipientName: "Alex Kim",
    recipientPhone: "2125550102",
    amount: "120.00",
    description: "Concert tickets",
    ageDays: 3,
    viewed: true,
  },
  {
    recipientName: "Jordan Park",
    recipientPhone: "2125550103",
    amount: "64.20",
    description: "Groceries split",
    ageDays: 5,
    reminded: true,
  },
  {
    recipientName: "Maya Rivera",
    recipientPhone: "2125550104",
    amount: "800.00",
    description: "June rent share",
    ageDays: 12,
    status: "paid",
  },
  {
    recipientName: "Chris Doe",
    recipientPhone: "2125550105",
    amount: "15.00",
    description: "Movie",
    ageDays: 20,
    status: "paid",
  },
  {
    recipientName: "Pat Quinn",
    recipientPhone: "2125550106",
    amount: "40.00",
    description: "Old bet",
    ageDays: 30,
    status: "cancelled",
  },
] as const;

type Caller = (
  method: "POST" | "PATCH" | "PUT",
  url: string,
  payload?: unknown,
) => Promise<{ request: { id: string } }>;

/** Same-origin calls through the real routes, as the signed-in demo user. */
function caller(app: FastifyInstance, origin: string, cookie: string): Caller {
  return async (method, url, payload) => {
    const response = await app.inject({
      method,
      url,
      headers: { cookie, origin, ...(payload === undefined ? {} : { "content-type": "application/json" }) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return response.json();
  };
}

export async function seed(argv: string[]): Promise<string> {
  const config = loadConfig();
  if (config.databaseUrl && !argv.includes("--force")) {
    throw new ConfigError(
      "Refusing to seed the database at DATABASE_URL. Add --force if you really mean it.",
    );
  }
  const origin = new URL(config.publicUrl).origin;
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  const app = await buildApp({ ...config, logLevel: "warn" }, { database });
  try {
    const [existing] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO.email));
    if (existing) return `The demo account exists already: ${DEMO.email} / ${DEMO.password}`;

    const signUp = await app.inject({
      method: "POST",
      url: "/api/identity/sign-up/email",
      headers: { origin, "content-type": "application/json" },
      payload: { email: DEMO.email, password: DEMO.password, name: "Robin" },
    });
    if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
    // Sign-up starts no session: sign in, as the sign-in page does next.
    const signIn = await app.inject({
      method: "POST",
      url: "/api/identity/sign-in/email",
      headers: { origin, "content-type": "application/json" },
      payload: { email: DEMO.email, password: DEMO.password },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
    const cookie = [signIn.headers["set-cookie"]]
      .flat()
      .map((c) => String(c).split(";")[0])
      .join("; ");
    const call = caller(app, origin, cookie);

    await call("POST", "/api/auth/setup", {
      profileName: "Robin Demo",
      paymentAccounts: [
        { provider: "venmo", accountHandle: "@robin-demo" },
        { provider: "paypal", accountHandle: "robindemo" },
        { provider: "cashapp", accountHandle: "$robindemo" },
      ],
    });
    await call("POST", "/api/payment-accounts", {
      accounts: [
        { provider: "venmo", accountHandle: "@robin-demo" },
        { provider: "paypal", accountHandle: "robindemo" },
        { provider: "cashapp", accountHandle: "$robindemo" },
        { provider: "zelle", accountHandle: "robin@collect.example" },
        { provider: "googlepay", accountHandle: "(212) 555-0107" },
      ],
    });
    await call("PUT", "/api/auth/profile", {
      profileName: "Robin Demo",
      firstName: "Robin",
      lastName: "Demo",
    });

    for (const r of REQUESTS) {
      const { request } = await call("POST", "/api/payment-requests", {
        recipientName: r.recipientName,
        recipientPhone: r.recipientPhone,
        amount: r.amount,
        description: r.description,
      });
      await call("POST", "/api/payees", { name: r.recipientName, phone: r.recipientPhone });
      if ("status" in r)
        await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: r.status });
      if ("reminded" in r) await call("POST", `/api/payment-requests/${request.id}/remind`);
      // History needs age: move the dates back (the API always stamps "now").
      const ago = sql`now() - make_interval(days => ${r.ageDays})`;
      await database.db
        .update(paymentRequests)
        .set({
          createdAt: ago,
          ...("viewed" in r ? { viewedAt: sql`now() - interval '1 day'` } : {}),
          ...("reminded" in r ? { lastRemindedAt: sql`now() - interval '2 days'` } : {}),
          // Paid a few days after it was asked for.
          ...("status" in r && r.status === "paid" ? { paidAt: sql`${ago} + interval '3 days'` } : {}),
        })
        .where(eq(paymentRequests.id, request.id));
    }
    return `Seeded ${REQUESTS.length} requests. Sign in at ${config.publicUrl}/sign-in as ${DEMO.email} / ${DEMO.password}`;
  } finally {
    await app.close();
    await database.close();
  }
}
