import type { FastifyReply } from "fastify";

/** A drawn PDF (a receipt, a statement) as a download: never cached, named `filename`. */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(pdf);
}
