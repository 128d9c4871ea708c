import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOffline } from "#client/lib/connection.ts";
import { nextPageUrl } from "#shared/schemas/page.ts";
import {
  ApiError,
  apiErrorDetails,
  apiErrorMessage,
  apiPage,
  apiRequest,
  isUnauthorizedError,
  OFFLINE_MESSAGE,
  withoutFieldName,
} from "./api";

describe("ApiError", () => {
  it('says "status: text" and reads the server\'s JSON message and code', () => {
    const error = new ApiError(422, '{"message":"User already exists.","code":"USER_ALREADY_EXISTS"}');
    expect(error.message).toBe('422: {"message":"User already exists.","code":"USER_ALREADY_EXISTS"}');
    expect(error.body).toEqual({ message: "User already exists.", code: "USER_ALREADY_EXISTS" });
    expect(apiErrorDetails(error)).toEqual({
      status: 422,
      message: "User already exists.",
      code: "USER_ALREADY_EXISTS",
    });
  });

  it("reads the field the answer is about, and shows its sentence without it", () => {
    const refused = new ApiError(
      400,
      '{"message":"paymentAccounts.0.accountHandle: Venmo: the username starts with @.","code":"invalid","field":"paymentAccounts.0.accountHandle"}',
    );
    expect(refused.field).toBe("paymentAccounts.0.accountHandle");
    expect(refused.code).toBe("invalid");
    expect(refused.serverMessage).toBe("Venmo: the username starts with @.");
    const dueDate = new ApiError(
      400,
      '{"message":"Choose a due date from today on.","code":"invalid","field":"dueDate"}',
    );
    expect([dueDate.field, dueDate.serverMessage]).toEqual(["dueDate", "Choose a due date from today on."]);
    expect(new ApiError(404, '{"message":"Not found","code":"not_found"}').field).toBeNull();
    expect(new ApiError(502, "upstream down").field).toBeNull();
  });

  it("keeps plain text, and the status text when the body is empty", () => {
    expect(apiErrorDetails(new ApiError(502, "upstream down"))).toEqual({
      status: 502,
      message: "upstream down",
      code: null,
    });
    const empty = new ApiError(503, "", "Service Unavailable");
    expect(empty.message).toBe("503: Service Unavailable");
    expect(apiErrorDetails(empty).message).toBe("Service Unavailable");
  });

  it("tells a 401 from everything else, including an Error whose text only looks like one", () => {
    expect(isUnauthorizedError(new ApiError(401, '{"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, ""))).toBe(false);
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(false);
  });

  it("names a network failure as such", () => {
    expect(apiErrorDetails(new TypeError("Failed to fetch"))).toEqual({
      status: null,
      message: OFFLINE_MESSAGE,
      code: null,
    });
  });
});

describe("apiRequest against a real server", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/ok") {
        res.writeHead(200, { "content-type": "application/json" }).end('{"a":1}');
      } else if (req.url === "/page") {
        res
          .writeHead(200, { "content-type": "application/json", link: '</page?cursor=b2s>; rel="next"' })
          .end("[1,2]");
      } else if (req.url === "/empty") {
        res.writeHead(204).end();
      } else if (req.url === "/401") {
        res.writeHead(401, { "content-type": "application/json" }).end('{"message":"Unauthorized"}');
      } else {
        res.writeHead(409, { "content-type": "application/json" }).end('{"message":"Already paid."}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers the parsed body, or null when there is none", async () => {
    await expect(apiRequest("GET", `${base}/ok`)).resolves.toEqual({ a: 1 });
    await expect(apiRequest("DELETE", `${base}/empty`)).resolves.toBeNull();
  });

  it("answers a page's body and the next page named in its Link header", async () => {
    await expect(apiPage(`${base}/page`)).resolves.toEqual({ body: [1, 2], next: "/page?cursor=b2s" });
    await expect(apiPage(`${base}/ok`)).resolves.toEqual({ body: { a: 1 }, next: null });
    await expect(apiPage(`${base}/409`)).rejects.toBeInstanceOf(ApiError);
  });

  it("throws an ApiError with the status and body", async () => {
    const error = await apiRequest("PATCH", `${base}/409`, { status: "paid" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, body: { message: "Already paid." } });
    expect((error as ApiError).message).toBe('409: {"message":"Already paid."}');
  });

  it("tells the offline banner when no answer came, and when one came again (any status)", async () => {
    // A port nothing listens on: refused, as when the network or the server is gone.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const nowhere = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    expect(isOffline()).toBe(false);
    const error = await apiRequest("GET", `${nowhere}/ok`).catch((e: unknown) => e);
    expect(apiErrorMessage(error)).toBe(OFFLINE_MESSAGE);
    expect(isOffline()).toBe(true);
    await apiPage(`${nowhere}/page`).catch(() => null);
    expect(isOffline()).toBe(true);
    // A 409 is still an answer: Collect is reachable.
    await apiRequest("PATCH", `${base}/409`).catch(() => null);
    expect(isOffline()).toBe(false);
  });

  it("answers null for a 401 only when asked to", async () => {
    await expect(apiRequest("GET", `${base}/401`, undefined, { on401: "returnNull" })).resolves.toBeNull();
    const error = await apiRequest("GET", `${base}/401`).catch((e: unknown) => e);
    expect(isUnauthorizedError(error)).toBe(true);
  });
});

describe("nextPageUrl", () => {
  it('reads the rel="next" target of a Link header (RFC 8288)', () => {
    expect(nextPageUrl('</api/payees?limit=50&cursor=abc>; rel="next"')).toBe(
      "/api/payees?limit=50&cursor=abc",
    );
    expect(nextPageUrl("</a?cursor=1>; rel=next")).toBe("/a?cursor=1");
    expect(nextPageUrl('</first>; rel="prev", </second>; title="x"; REL="last next"')).toBe("/second");
  });

  it("answers null without a next link", () => {
    expect(nextPageUrl(null)).toBeNull();
    expect(nextPageUrl("")).toBeNull();
    expect(nextPageUrl('</a>; rel="prev"')).toBeNull();
    expect(nextPageUrl('</a>; rel="nextish"')).toBeNull();
    expect(nextPageUrl('</a>; title="rel=next"')).toBeNull();
  });
});

describe("withoutFieldName", () => {
  it("shows people the sentence, not the field the API names first (issue 23, item 7)", () => {
    const wrong = new ApiError(400, '{"message":"currentPassword: That is not your current password."}');
    expect(apiErrorDetails(wrong).message).toBe("That is not your current password.");
    expect(apiErrorMessage(new ApiError(400, '{"message":"password: That password is not right."}'))).toBe(
      "That password is not right.",
    );
    expect(
      apiErrorMessage(
        new ApiError(400, '{"message":"photoURL: the upload was not found. Please upload the photo again."}'),
      ),
    ).toBe("The upload was not found. Please upload the photo again.");
    expect(withoutFieldName("paymentAccounts.0.accountHandle: Venmo: the username starts with @.")).toBe(
      "Venmo: the username starts with @.",
    );
  });

  it("leaves sentences and names people read alone", () => {
    expect(withoutFieldName("Venmo: the username starts with @.")).toBe("Venmo: the username starts with @.");
    expect(withoutFieldName("Please sign in again: your session ended.")).toBe(
      "Please sign in again: your session ended.",
    );
    expect(withoutFieldName("User already exists.")).toBe("User already exists.");
  });
});
