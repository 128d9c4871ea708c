import { Readable } from "node:stream";
import { csvCell, toCsv } from "../../../shared/csv";
import { formatPhone } from "../../../shared/phone";
import type { Db } from "../../db/client";
import { toPaymentRequest } from "../../db/shared-queries";
import { allPaymentRequests } from "./queries";

export const CSV_HEADER = [
  "Created",
  "Recipient",
  "Phone",
  "Amount (USD)",
  "Status",
  "Description",
  "Link",
  "Viewed",
  "Last reminded",
];

/**
 * The caller's whole history as CSV (RFC 4180, formulas neutralised by shared/csv.ts), newest
 * first, read a batch at a time from a keyset cursor and written as the client takes it: memory
 * stays flat at any history size (docs/decisions/015-keyset-pagination.md).
 */
export function paymentRequestsCsv(db: Db, userId: string, publicUrl: string): Readable {
  async function* lines() {
    yield `${CSV_HEADER.map(csvCell).join(",")}\r\n`;
    for await (const batch of allPaymentRequests(db, userId)) {
      yield toCsv(
        batch.map((row) => {
          const r = toPaymentRequest(row, publicUrl);
          return [
            r.createdAt,
            r.recipientName,
            formatPhone(r.recipientPhone),
            r.amount,
            r.status,
            r.description ?? "",
            r.shortUrl,
            r.viewedAt ?? "",
            r.lastRemindedAt ?? "",
          ];
        }),
      );
    }
  }
  return Readable.from(lines());
}
