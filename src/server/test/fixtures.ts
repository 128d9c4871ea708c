import type { FastifyInstance } from "fastify";
import { as, createReadyUser, type TestUser } from "./harness";

/** The code at the end of a request's pay link (`/pay/{code}`). */
export const codeOf = (request: { shortUrl: string }) => request.shortUrl.split("/").pop() as string;

/** What the request form sends; a test overrides the fields it looks at. */
export const REQUEST_BODY = {
  recipientName: "Alex",
  recipientPhone: "2125550101",
  amount: "12.00",
  description: "Lunch",
};

/** A ready user whom pay pages show as Sam Lee, with these payment accounts. */
export async function createSamLee(
  app: FastifyInstance,
  accounts: { provider: string; accountHandle: string }[],
): Promise<TestUser> {
  const user = await createReadyUser(app);
  const call = as(app, user);
  await call("POST", "/api/payment-accounts", { accounts });
  await call("PUT", "/api/auth/profile", { profileName: "Sam Lee", firstName: "Sam", lastName: "Lee" });
  return user;
}

/** A pending request by `user` (a new ready user unless given): the caller, the request and its code. */
export async function createRequest(
  app: FastifyInstance,
  { user, ...body }: { user?: TestUser } & Partial<typeof REQUEST_BODY> = {},
) {
  const owner = user ?? (await createReadyUser(app));
  const call = as(app, owner);
  const response = await call("POST", "/api/payment-requests", { ...REQUEST_BODY, ...body });
  if (response.statusCode !== 201) throw new Error(`request not created: ${response.body}`);
  const { request } = response.json();
  return { user: owner, call, request, code: codeOf(request) };
}
