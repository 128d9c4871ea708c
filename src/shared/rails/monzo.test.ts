import { describe, expect, it } from "vitest";
import { monzoLink, parseMonzoUsername } from "./monzo";

describe("monzoLink", () => {
  it("puts the amount in pounds in the path and the note in d, as monzo.me links do", () => {
    // The form public pages use, e.g. https://monzo.me/thomasarmitage/3.00?d=Thanks%20for%20VOIPcards!
    expect(
      monzoLink({ username: "thomasarmitage", amount: { minor: 300, currency: "GBP" }, note: "Thanks" }),
    ).toBe("https://monzo.me/thomasarmitage/3.00?d=Thanks");
    expect(
      monzoLink({ username: "robin", amount: { minor: 2550, currency: "GBP" }, note: "Pizza & drinks 🍕" }),
    ).toBe("https://monzo.me/robin/25.50?d=Pizza%20%26%20drinks%20%F0%9F%8D%95");
  });

  it("leaves out what is not given", () => {
    expect(monzoLink({ username: "robin" })).toBe("https://monzo.me/robin");
    expect(monzoLink({ username: "robin", amount: { minor: 5, currency: "GBP" } })).toBe(
      "https://monzo.me/robin/0.05",
    );
  });

  it("refuses other currencies and bad usernames", () => {
    expect(() => monzoLink({ username: "robin", amount: { minor: 100, currency: "EUR" } })).toThrow(/GBP/);
    expect(() => monzoLink({ username: "robin/../x" })).toThrow(/username/);
  });
});

describe("parseMonzoUsername", () => {
  it.each([
    ["robin", "robin"],
    ["monzo.me/JamesBillingham", "JamesBillingham"],
    ["https://monzo.me/rui/5.00", "rui"],
    ["https://www.monzo.me/robin?d=x", "robin"],
    ["@robin.k", "robin.k"],
  ])("reads %s", (input, username) => expect(parseMonzoUsername(input)).toBe(username));

  it.each([
    "",
    "r",
    "robin smith",
    "https://example.com/robin",
    "example.com/monzo.me/robin",
    "-robin",
    "x".repeat(51),
  ])("refuses %s", (input) => expect(parseMonzoUsername(input)).toBeNull());
});
