import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "#server/storage/s3-storage.ts";

/** s3rver ships no types (and is CommonJS): the little of it we use. */
type S3rverOptions = {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
type S3rverServer = { run(): Promise<{ address: string; port: number }>; close(): Promise<void> };
const S3rver: new (options: S3rverOptions) => S3rverServer = createRequire(import.meta.url)("s3rver");

const hmac = (key: string | Buffer, text: string) => createHmac("sha256", key).update(text).digest();
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Checks a presigned (query-string) SigV4 request the way S3 does: the signature over the
 * method, path, query and the signed headers as they arrived. s3rver does not check V4
 * signatures at all, so without this a test could not see S3 refuse a body of another size.
 */
export function presignedRequestValid(request: http.IncomingMessage, secretAccessKey: string): boolean {
  const [rawPath = "", rawQuery = ""] = (request.url ?? "").split("?");
  const query = new URLSearchParams(rawQuery);
  const [, date = "", region = "", service = ""] = (query.get("X-Amz-Credential") ?? "").split("/");
  const signedHeaders = (query.get("X-Amz-SignedHeaders") ?? "").split(";");
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join("&");
  const canonicalHeaders = signedHeaders
    .map((h) => `${h}:${String(request.headers[h] ?? "").trim()}\n`)
    .join("");
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(";"),
    "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    "AWS4-HMAC-SHA256",
    query.get("X-Amz-Date"),
    scope,
    createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), "aws4_request");
  return hmac(key, toSign).toString("hex") === query.get("X-Amz-Signature");
}

/**
 * s3rver behind a small proxy that refuses presigned requests whose signature does not match
 * what arrived (403 SignatureDoesNotMatch, as S3 answers). `config` points at the proxy;
 * `client` talks to the bucket directly.
 */
export async function startS3(bucket = "photos") {
  const directory = mkdtempSync(path.join(os.tmpdir(), "collect-s3rver-"));
  const s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port: s3rverPort } = await s3rver.run();
  const secretAccessKey = "S3RVER";
  const proxy = http.createServer((request, response) => {
    if (request.url?.includes("X-Amz-Signature=") && !presignedRequestValid(request, secretAccessKey)) {
      request.resume();
      response.writeHead(403, { "content-type": "application/xml", connection: "close" });
      response.end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: s3rverPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey,
  };
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${s3rverPort}`,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey },
  });
  return {
    config,
    client,
    async close() {
      client.destroy();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
