/**
 * The roots of the query keys a request event can change, and the URLs they are named after:
 * every query of features/payment-requests/api.ts (Home, Archive's pages and totals) starts with
 * REQUESTS_URL, every split group of features/payment-requests/splits.ts with SPLITS_URL. Invalidating the
 * one-element prefix finds them all (features/payment-requests/live-updates.ts refreshRequests).
 */
export const REQUESTS_URL = "/api/payment-requests";
export const SPLITS_URL = "/api/splits";
