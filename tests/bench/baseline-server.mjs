// The baseline: a bare node:http server answering the same JSON from memory. Whatever the
// machine does, the app's figures are read as ratios of this one, measured in the same run.
import http from "node:http";

const body = process.env.BASELINE_BODY ?? "{}";
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
