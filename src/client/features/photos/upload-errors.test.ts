import { describe, expect, it } from "vitest";
import { shouldRetryUpload, uploadErrorMessage } from "./upload-errors";

describe("photo upload errors", () => {
  it("says why a non-image is refused, and does not retry it", () => {
    const body = JSON.stringify({ message: "Only JPEG, PNG, GIF or WebP images can be uploaded." });
    expect(uploadErrorMessage(415, body)).toBe("Only JPG, PNG, GIF or WebP images");
    expect(shouldRetryUpload(415)).toBe(false);
  });

  it("passes on the server's sentence for other refusals, which are not retried either", () => {
    expect(uploadErrorMessage(413, JSON.stringify({ message: "The photo is larger than 5 MB." }))).toBe(
      "The photo is larger than 5 MB.",
    );
    expect(uploadErrorMessage(403, "<Error><Code>AccessDenied</Code></Error>")).toBe(
      "The upload failed. Please try again.",
    );
    for (const status of [400, 403, 409, 413]) expect(shouldRetryUpload(status)).toBe(false);
  });

  it("retries only what may pass on a second try", () => {
    for (const status of [0, 408, 429, 500, 502, 503]) expect(shouldRetryUpload(status)).toBe(true);
    expect(uploadErrorMessage(0, "")).toBe("Could not reach Collect. Check your connection.");
    expect(uploadErrorMessage(503, "Service Unavailable")).toBe("The upload failed. Please try again.");
  });
});
