import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";

/** Requests that reached no handler of the test's, as "METHOD url"; test/dom-setup.ts drains it. */
export const unanswered: string[] = [];

/**
 * The network as component tests see it: a test adds handlers for the calls it expects
 * (`api.use(http.patch(…))`, dropped after each test), and any other request gets a network
 * error, never a real address, and fails the test that made it (test/dom-setup.ts).
 */
export const api = setupServer(
  http.all("*", ({ request }) => {
    unanswered.push(`${request.method} ${request.url}`);
    return HttpResponse.error();
  }),
);
