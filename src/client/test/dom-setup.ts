import { cleanup } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";

// Each component test starts from an empty document.
afterEach(cleanup);

// sonner removes a dismissed or unmounted toast from a 200 ms timer that then updates React state;
// let it run while the document still exists, or it throws "window is not defined" after the
// file's environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));
