import { PAYPAL_CURRENCIES } from "./paypal";

/**
 * Encoders for payment rails outside the US, one module each, pure and without I/O: each checks
 * the receiver's identifier as people type it and writes the link or QR payload its owner
 * publishes (the sources are named in each module). Amounts come in as whole minor units and an
 * ISO 4217 code (./money.ts).
 */

export * from "./emv";
export * from "./money";
export * from "./monzo";
export * from "./paynow";
export * from "./paypal";
export * from "./pix";
export * from "./promptpay";
export * from "./sepa";
export * from "./swish";
export * from "./upi";

/** The currencies each rail moves. */
export const RAIL_CURRENCIES = {
  upi: ["INR"],
  pix: ["BRL"],
  sepa: ["EUR"],
  swish: ["SEK"],
  monzo: ["GBP"],
  paynow: ["SGD"],
  promptpay: ["THB"],
  paypal: Object.keys(PAYPAL_CURRENCIES),
} as const satisfies Record<string, readonly string[]>;

export type Rail = keyof typeof RAIL_CURRENCIES;
