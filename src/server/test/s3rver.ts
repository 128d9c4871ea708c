import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import { Sha256 } from "@smithy/core/checksum";
import { SignatureV4 } from "@smithy/signature-v4";
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

/** What presign() writes into the query itself: everything else in it is signed as it arrived. */
const PRESIGN_PARAMS = new Set([
  "X-Amz-Algorithm",
  "X-Amz-Credential",
  "X-Amz-Date",
  "X-Amz-Expires",
  "X-Amz-SignedHeaders",
  "X-Amz-Signature",
]);
/** S3 signs no payload in a presigned URL; the signer reads that from this header. */
const PAYLOAD_HASH = "x-amz-content-sha256";

/**
 * Checks a presigned (query-string) SigV4 request the way S3 does: @smithy/signature-v4 signs
 * again what arrived (method, path, query, the signed headers) with the credential scope and
 * time the URL names, and the signatures must match. s3rver does not check V4 signatures at all,
 * so without this a test could not see S3 refuse a body of another size.
 */
export async function presignedRequestValid(
  request: http.IncomingMessage,
  secretAccessKey: string,
): Promise<boolean> {
  const [rawPath = "", rawQuery = ""] = (request.url ?? "").split("?");
  const params = new URLSearchParams(rawQuery);
  const [accessKeyId = "", , region = "", service = ""] = (params.get("X-Amz-Credential") ?? "").split("/");
  const signed = (params.get("X-Amz-SignedHeaders") ?? "").split(";");
  const longDate = params.get("X-Amz-Date") ?? "";
  const signingDate = new Date(
    longDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z"),
  );
  if (Number.isNaN(signingDate.getTime())) return false;
  const query: Record<string, string> = {};
  for (const [name, value] of params) if (!PRESIGN_PARAMS.has(name)) query[name] = value;
  const headers: Record<string, string> = { [PAYLOAD_HASH]: "UNSIGNED-PAYLOAD" };
  for (const name of signed) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = String(value);
  }
  const signer = new SignatureV4({
    credentials: { accessKeyId, secretAccessKey },
    region,
    service,
    sha256: Sha256,
    // The path is signed as it arrived, already escaped (S3's rule).
    uriEscapePath: false,
  });
  const again = await signer
    .presign(
      { method: request.method ?? "GET", protocol: "http:", hostname: "", path: rawPath, query, headers },
      {
        signingDate,
        expiresIn: Number(params.get("X-Amz-Expires")),
        signableHeaders: new Set(signed),
        unsignableHeaders: new Set([PAYLOAD_HASH]),
        unhoistableHeaders: new Set([PAYLOAD_HASH]),
      },
    )
    .catch(() => null);
  return again !== null && again.query?.["X-Amz-Signature"] === params.get("X-Amz-Signature");
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
  const proxy = http.createServer(async (request, response) => {
    if (
      request.url?.includes("X-Amz-Signature=") &&
      !(await presignedRequestValid(request, secretAccessKey))
    ) {
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
