// The baseline: a bare node:http server answering the same bytes from memory. Whatever the
// machine does, the app's figures are read as ratios of this one, measured in the same run.
// BASELINE_BODY is the body as text, or BASELINE_BODY_BASE64 as bytes; BASELINE_HEADERS (JSON)
// replaces the JSON content type with the app's own headers.
import http from "node:http";

const body = process.env.BASELINE_BODY_BASE64
  ? Buffer.from(process.env.BASELINE_BODY_BASE64, "base64")
  : Buffer.from(process.env.BASELINE_BODY ?? "{}");
const headers = process.env.BASELINE_HEADERS
  ? JSON.parse(process.env.BASELINE_HEADERS)
  : { "content-type": "application/json; charset=utf-8" };
http
  .createServer((_request, response) => {
    response.writeHead(200, { ...headers, "content-length": body.length });
    response.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
