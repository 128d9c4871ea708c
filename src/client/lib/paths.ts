/** Every client route (docs/product.md), so links and redirects never spell a path by hand. */
export const paths = {
  home: "/",
  signIn: "/sign-in",
  /** Where GET /api/logout from another site lands: "Sign out?" (server users/routes.ts). */
  signOut: "/sign-out",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  setup: "/setup",
  request: "/request",
  /** Split a bill; `?id=` shows one split's group view. */
  split: "/split",
  contacts: "/contacts",
  /** One person's balance: `?phone=` (their stored number) shows what is open with them. */
  balance: "/balance",
  /** Recurring requests: reached from Home and Profile (not in the five-link nav). */
  recurring: "/recurring",
  archive: "/archive",
  paymentMethods: "/payment-methods",
  profile: "/profile",
  photo: "/photo",
  pay: (shortUrl: string) => `/pay/${encodeURIComponent(shortUrl)}`,
  balanceOf: (phone: string) => `/balance?phone=${encodeURIComponent(phone)}`,
} as const;

/** Server navigations: always full page loads, never client routes. */
export const serverPaths = {
  login: "/api/login",
  logout: "/api/logout",
  /** The whole history as a CSV download. */
  exportCsv: "/api/payment-requests/export.csv",
  /** A request's receipt, as a PDF, once something is paid on it. */
  receipt: (id: string) => `/api/payment-requests/${encodeURIComponent(id)}/receipt.pdf`,
  /** One person's statement (everything asked of them, paid and left), as a PDF. */
  statement: (phone: string) => `/api/balances/${encodeURIComponent(phone)}/statement.pdf`,
  /** Profile → Security: everything Collect keeps about the user, as JSON. */
  exportAccount: "/api/account/export",
  /** Profile → Developer: the API reference (OpenAPI 3.1), for whoever writes a script against it. */
  apiReference: "/api/openapi.json",
} as const;

/** Routes that need a signed-in user with a profile name. */
export const APP_PATHS = [
  paths.request,
  paths.split,
  paths.contacts,
  paths.balance,
  paths.recurring,
  paths.archive,
  paths.paymentMethods,
  paths.profile,
  paths.photo,
] as const;
export type AppPath = (typeof APP_PATHS)[number];

export function isAppPath(path: string): path is AppPath {
  return (APP_PATHS as readonly string[]).includes(path);
}
