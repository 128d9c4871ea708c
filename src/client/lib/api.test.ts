import { describe, expect, it } from "vitest";
import { apiErrorDetails, isUnauthorizedError } from "./api";

describe("apiErrorDetails", () => {
  it('reads the server\'s JSON message out of "status: text"', () => {
    expect(apiErrorDetails(new Error('400: {"message":"profileName: too long"}'))).toEqual({
      status: 400,
      message: "profileName: too long",
      code: null,
    });
    expect(
      apiErrorDetails(new Error('422: {"message":"User already exists.","code":"USER_ALREADY_EXISTS"}')).code,
    ).toBe("USER_ALREADY_EXISTS");
  });

  it("keeps plain text and status text", () => {
    expect(apiErrorDetails(new Error("502: Bad Gateway"))).toEqual({
      status: 502,
      message: "Bad Gateway",
      code: null,
    });
  });

  it("recognises a 401", () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error("4011"))).toBe(false);
  });
});
