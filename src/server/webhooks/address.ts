import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

/**
 * Where Collect may POST a webhook (docs/api.md). A user names any address, and the server posts
 * to it: so no private, loopback, link-local or otherwise special address, unless the operator
 * lists it in WEBHOOK_ALLOW_ADDRESSES (CIDRs), and plain http only to an allowed loopback address
 * (an integration on the same machine, and the tests). Checked when an endpoint is saved, and
 * again on every connection, against the address it really connects to: a name that resolves to a
 * public address when saved and to 10.0.0.1 later (DNS rebinding) is refused at the socket.
 */

/** Addresses no webhook goes to by default (IANA's special-purpose registries). */
const SPECIAL = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  SPECIAL.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  // IPv4-compatible (::a.b.c.d, ::7f00:1) and the unspecified and loopback addresses with them.
  ["::", 96],
  // IPv4-translated (::ffff:0:a00:1). IPv4-mapped ones are read as the IPv4 address (unmapped).
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  // Site-local, deprecated but still routed inside some networks.
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  SPECIAL.addSubnet(net, prefix, "ipv6");
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export type AddressPolicy = { allowed: BlockList; any: boolean };

/** WEBHOOK_ALLOW_ADDRESSES as a policy; throws on an entry that is not an address or CIDR. */
export function addressPolicy(cidrs: readonly string[]): AddressPolicy {
  const allowed = new BlockList();
  for (const entry of cidrs) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    if (family === 0) throw new TypeError(`${entry} is not an address or CIDR`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) allowed.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
        throw new TypeError(`${entry} is not an address or CIDR`);
      }
      allowed.addSubnet(address, prefix, type);
    }
  }
  return { allowed, any: cidrs.length > 0 };
}

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");
/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1, ::ffff:a00:1) is checked as the IPv4 one it is. */
function unmapped(address: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return address;
  const [high, low] = [Number.parseInt(hex[1] ?? "0", 16), Number.parseInt(hex[2] ?? "0", 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Why Collect will not connect to this address for a webhook, or null when it may. */
export function addressProblem(address: string, policy: AddressPolicy, protocol: string): string | null {
  const ip = unmapped(address);
  const family = familyOf(ip);
  const allowed = policy.any && policy.allowed.check(ip, family);
  if (SPECIAL.check(ip, family) && !allowed) {
    return "The endpoint's address is private, loopback or reserved: Collect posts only to public addresses.";
  }
  if (protocol === "http:" && !(allowed && LOOPBACK.check(ip, family))) {
    return "The endpoint must be an https:// address.";
  }
  return null;
}

/** Why this endpoint address is refused before any lookup (its form), or null. */
export function urlProblem(url: string, policy: AddressPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter the endpoint's https:// address";
  }
  if (parsed.username || parsed.password) return "An endpoint address may not carry a user name or password.";
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return "The endpoint must be an https:// address.";
  if (isIP(host)) return addressProblem(host, policy, parsed.protocol);
  if (parsed.protocol === "http:") {
    // Plain http is for an allowed loopback address only, named as one.
    return host === "localhost"
      ? addressProblem("127.0.0.1", policy, "http:")
      : "The endpoint must be an https:// address.";
  }
  if (!host.includes(".") || /\.(local|localhost|internal|invalid|test)$/i.test(host)) {
    return "The endpoint must be a public address.";
  }
  return null;
}

export class RefusedAddress extends Error {
  readonly code = "EWEBHOOKADDRESS";
}

/**
 * A `lookup` for http(s).request that resolves as usual and hands the socket only an address the
 * policy allows: the check and the connection see the same address.
 */
export function checkedLookup(policy: AddressPolicy, protocol: string) {
  return (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      const list = addresses as LookupAddress[];
      const refused = list.map((a) => addressProblem(a.address, policy, protocol)).find((p) => p !== null);
      // Every address the name has must be allowed: a name that mixes a public and a private one
      // could otherwise be steered to the private one.
      if (refused || list.length === 0) return callback(new RefusedAddress(refused ?? "No address."), "");
      if ((options as { all?: boolean }).all) return callback(null, list);
      const [first] = list as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}
