import type { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { checkedStorage, INCOMING_PREFIX, UPLOAD_URL_TTL_SECONDS } from "./object-storage";

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * Any S3-compatible store. Uploads are presigned PUTs that sign the Content-Length, so S3 itself
 * refuses a body of any other size; the server still re-checks what arrived.
 */
export function createS3Storage(config: S3Config) {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Otherwise recent SDKs sign a CRC32 of an empty body into presigned PUTs.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const missing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
  };

  return checkedStorage({
    sizeRequired: true,
    client,
    async createUploadUrl(key, size) {
      const put = new PutObjectCommand({
        Bucket: config.bucket,
        Key: key,
        ContentLength: size,
      });
      return getSignedUrl(client, put, { expiresIn: UPLOAD_URL_TTL_SECONDS });
    },
    async head(key, bytes) {
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Range: `bytes=0-${bytes - 1}`,
          }),
        );
        const head = Buffer.from((await result.Body?.transformToByteArray()) ?? []);
        const total = /\/(\d+)$/.exec(result.ContentRange ?? "")?.[1];
        return { size: total ? Number(total) : (result.ContentLength ?? head.length), head };
      } catch (error) {
        // An empty object cannot satisfy a byte range.
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) {
          return { size: 0, head: Buffer.alloc(0) };
        }
        if (missing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return { size: result.ContentLength ?? 0, body: result.Body as Readable };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async move(from, to) {
      const source = `${config.bucket}/${from}`;
      await client.send(new CopyObjectCommand({ Bucket: config.bucket, Key: to, CopySource: source }));
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: from }));
    },
    async write(key, body) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body }));
    },
    async *listIncoming() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: INCOMING_PREFIX,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified?.getTime() ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async deletePrefix(Prefix) {
      for (let more = true; more; ) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          await client.send(new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: keys } }));
        }
        more = Boolean(page.IsTruncated) && keys.length > 0;
      }
    },
  });
}
