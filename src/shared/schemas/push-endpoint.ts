/**
 * Where a Web Push subscription may point. The server POSTs to every stored endpoint, so a user
 * who could register any URL could make the server call its own network (SSRF): loopback, the
 * cloud metadata address, a database port. Only the push services browsers really use are
 * accepted, over https on the default port, named (never an IP address):
 *
 * - Chrome, Edge on Android, Opera, Samsung Internet, Brave (Firebase Cloud Messaging):
 *   `https://fcm.googleapis.com/fcm/send/…` and `…/wp/…`; the older `android.googleapis.com/gcm/send/…`.
 * - Firefox (Mozilla autopush): `https://updates.push.services.mozilla.com/wpush/v2/…`.
 * - Edge on Windows (Windows Push Notification Services): `https://wns2-….notify.windows.com/w/?token=…`.
 * - Safari on macOS and iOS (Apple Push Notification service): `https://web.push.apple.com/…`.
 *
 * The same list web-push libraries and fediverse servers use to recognise push services. Checked
 * when a device subscribes (the shared schema, a 400 with the reason) and again before each send
 * (server/push/push-sender.ts), so a row that got in another way is never posted to.
 */
const KNOWN_PUSH_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.push\.apple\.com$/,
];

export const PUSH_ENDPOINT_MESSAGES = {
  notHttps: "Push subscription: the endpoint must be an https address.",
  ipAddress: "Push subscription: the endpoint must name a push service, not an IP address.",
  port: "Push subscription: the endpoint must use the standard https port.",
  unknownService:
    "Push subscription: the endpoint must be a browser's push service (Chrome, Firefox, Edge or Safari).",
} as const;

/** An IPv4 address as the URL parser leaves it (it turns 2130706433 and 0x7f.1 into dotted form), or IPv6 in brackets. */
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Why `endpoint` is not a push service we post to, or null when it is one. `testHosts`: more
 * host names, only ever given by the tests' app factory (BuildOptions.push.testHosts).
 */
export function pushEndpointProblem(endpoint: string, testHosts: readonly RegExp[] = []): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ENDPOINT_MESSAGES.notHttps;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") {
    return PUSH_ENDPOINT_MESSAGES.notHttps;
  }
  if (IP_LITERAL.test(url.hostname)) return PUSH_ENDPOINT_MESSAGES.ipAddress;
  // The URL parser drops ":443" itself: any port left is not the default one.
  if (url.port !== "") return PUSH_ENDPOINT_MESSAGES.port;
  const known = [...KNOWN_PUSH_HOSTS, ...testHosts];
  if (!known.some((host) => host.test(url.hostname))) return PUSH_ENDPOINT_MESSAGES.unknownService;
  return null;
}
