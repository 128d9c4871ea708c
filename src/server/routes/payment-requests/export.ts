import { Readable } from "node:stream";
import type { Db } from "#server/db/client.ts";
import { toPaymentRequest } from "#server/db/shared-queries.ts";
import { csvCell, toCsv } from "#shared/csv.ts";
import { formatPhone } from "#shared/phone.ts";
import { localDateTime as zonedDateTime } from "#shared/schedule/zoned.ts";
import { amountLeft } from "#shared/schemas/payment.ts";
import { allPaymentRequests } from "./queries";

export const CSV_HEADER = [
  "Created",
  "Recipient",
  "Phone",
  "Amount",
  // ISO 4217: amounts in different currencies sit in one column, never to be added blindly.
  "Currency",
  "Status",
  "Description",
  "Link",
  "Viewed",
  "Last reminded",
  "Paid on",
  "Says paid",
  "Says paid via",
  // Part payments: what they paid, and what a pending request still asks for.
  "Paid in part",
  "Left",
];

/** The byte-order mark that makes Excel read the file as UTF-8 ("Zoë", not "ZoÃ«"). */
export const UTF8_BOM = "\uFEFF";

/** "2026-11-25 09:04" in `timeZone`: how a spreadsheet reads a date and time, in the user's own zone. */
export function localDateTime(iso: string | null, timeZone: string): string {
  return iso ? zonedDateTime(new Date(iso), timeZone) : "";
}

/**
 * The caller's whole history as CSV (RFC 4180, formulas neutralised by shared/csv.ts), newest
 * first, read a batch at a time from a keyset cursor and written as the client takes it: memory
 * stays flat at any history size (docs/decisions/015-keyset-pagination.md).
 */
export function paymentRequestsCsv(db: Db, userId: string, publicUrl: string, timeZone = "UTC"): Readable {
  const at = (iso: string | null) => localDateTime(iso, timeZone);
  async function* lines() {
    yield `${UTF8_BOM}${CSV_HEADER.map(csvCell).join(",")}\r\n`;
    for await (const batch of allPaymentRequests(db, userId)) {
      yield toCsv(
        batch.map((row) => {
          const r = toPaymentRequest(row, publicUrl);
          return [
            at(r.createdAt),
            r.recipientName,
            formatPhone(r.recipientPhone),
            r.amount,
            r.currency,
            r.status,
            r.description ?? "",
            r.shortUrl,
            at(r.viewedAt),
            at(r.lastRemindedAt),
            row.paidAt ? at(row.paidAt.toISOString()) : "",
            at(r.claimedPaidAt),
            r.claimedVia ?? "",
            r.paidAmount ?? "",
            r.status === "pending" ? amountLeft(r.amount, r.paidAmount, r.currency) : "",
          ];
        }),
      );
    }
  }
  return Readable.from(lines());
}
