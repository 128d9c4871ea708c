import { describe, expect, it } from "vitest";
import { addressPolicy, addressProblem, urlProblem } from "./address";

const none = addressPolicy([]);
const PRIVATE =
  "The endpoint's address is private, loopback or reserved: Collect posts only to public addresses.";
const HTTPS = "The endpoint must be an https:// address.";

describe("where a webhook may go", () => {
  it("refuses private, loopback, link-local and reserved addresses, in either family and mapped", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "::ffff:10.0.0.1",
      "::ffff:127.0.0.1",
      // IPv4-compatible, hex-mapped and -translated forms of loopback and private addresses.
      "::7f00:1",
      "::ffff:7f00:1",
      "::ffff:0:a00:1",
      "fec0::1",
    ]) {
      expect(addressProblem(address, none, "https:"), address).toBe(PRIVATE);
    }
    for (const address of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "8.8.8.8"]) {
      expect(addressProblem(address, none, "https:"), address).toBeNull();
    }
  });

  it("takes what the operator lists, and plain http only to a listed loopback address", () => {
    const local = addressPolicy(["127.0.0.1/32", "10.0.0.0/8"]);
    expect(addressProblem("127.0.0.1", local, "https:")).toBeNull();
    expect(addressProblem("127.0.0.1", local, "http:")).toBeNull();
    expect(addressProblem("127.0.0.2", local, "http:")).toBe(PRIVATE);
    expect(addressProblem("10.9.8.7", local, "https:")).toBeNull();
    expect(addressProblem("10.9.8.7", local, "http:")).toBe(HTTPS);
    expect(addressProblem("93.184.216.34", local, "http:")).toBe(HTTPS);
    expect(() => addressPolicy(["not-an-address"])).toThrow();
    expect(() => addressPolicy(["10.0.0.0/33"])).toThrow();
  });

  it("reads the address's form before any lookup", () => {
    expect(urlProblem("https://hooks.example.com/collect", none)).toBeNull();
    expect(urlProblem("http://hooks.example.com/collect", none)).toBe(HTTPS);
    expect(urlProblem("https://user:pw@hooks.example.com/", none)).toBe(
      "An endpoint address may not carry a user name or password.",
    );
    expect(urlProblem("https://127.0.0.1/", none)).toBe(PRIVATE);
    expect(urlProblem("https://[::1]/", none)).toBe(PRIVATE);
    expect(urlProblem("http://localhost:8080/", none)).toBe(PRIVATE);
    expect(urlProblem("https://printer.local/", none)).toBe("The endpoint must be a public address.");
    expect(urlProblem("ftp://hooks.example.com/", none)).toBe(HTTPS);
    expect(urlProblem("http://127.0.0.1:9000/hook", addressPolicy(["127.0.0.0/8"]))).toBeNull();
  });
});
