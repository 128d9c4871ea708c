import proxyAddr from "@fastify/proxy-addr";

/**
 * TRUST_PROXY: `false`; the proxies' addresses, CIDRs or proxy-addr's names (`loopback`,
 * `linklocal`, `uniquelocal`); or `true`, which trusts whatever connects as one proxy hop and is
 * safe only when the app listens on loopback behind its proxy (main.ts warns otherwise).
 */
export type ProxyTrust = boolean | string[];

/** The TRUST_PROXY list as proxy-addr reads it; throws on an entry it cannot read. */
export function parseProxyList(text: string): string[] {
  const list = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (list.length === 0) throw new TypeError("empty list");
  proxyAddr.compile(list);
  return list;
}

/**
 * Which peer's X-Forwarded-For Fastify believes, hop by hop. With `true` only the peer itself
 * (one proxy); with a list every listed hop, so the client is the first address not listed.
 */
export function fastifyTrustProxy(trust: ProxyTrust): false | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (trust === true) return (_address, hop) => hop === 0;
  const trusted = proxyAddr.compile(trust);
  return (address, hop) => trusted(address, hop);
}

/** Whether a socket's peer is our proxy: its connections carry many clients, so no per-address cap. */
export function isTrustedProxy(trust: ProxyTrust): (address: string) => boolean {
  const fn = fastifyTrustProxy(trust);
  return fn ? (address) => fn(address, 0) : () => false;
}

/** Whether HOST accepts connections from loopback only. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\./.test(host);
}
