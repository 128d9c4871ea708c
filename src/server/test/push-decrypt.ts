import { createDecipheriv, type createECDH, hkdfSync } from "node:crypto";

/** A subscription's secrets, as the browser keeps them: its P-256 key pair and auth secret. */
export type Keys = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

/**
 * RFC 8291 §3.4: the browser's side of Web Push encryption. The header's keyid is the sender's
 * ephemeral P-256 public key; the input keying material comes from ECDH with the subscription's
 * private key and the auth secret; a push message is one record (§4).
 */
export function decryptWebPush(body: Buffer, keys: Keys): Buffer {
  return decryptAes128gcm(body, (senderPublic, recordSize, recordsLength) => {
    if (senderPublic.length !== 65 || senderPublic[0] !== 0x04)
      throw new Error("keyid is not a P-256 public key");
    if (recordsLength > recordSize) throw new Error("more than one record");
    const sharedSecret = keys.ecdh.computeSecret(senderPublic);
    const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), senderPublic]);
    return Buffer.from(hkdfSync("sha256", sharedSecret, keys.auth, keyInfo, 32));
  });
}

/**
 * RFC 8188 §2: header = salt(16) | rs(4) | idlen(1) | keyid, then records of `rs` bytes (the last
 * may be shorter), each AES-128-GCM with its 16-byte tag, holding data | delimiter | zeros.
 * `inputKey` gives the input keying material for the header's keyid.
 */
export function decryptAes128gcm(
  body: Buffer,
  inputKey: (keyId: Buffer, recordSize: number, recordsLength: number) => Buffer,
): Buffer {
  if (body.length < 21) throw new Error("body shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  if (recordSize < 18) throw new Error(`record size ${recordSize}`);
  const records = body.subarray(21 + idLength);
  const ikm = inputKey(body.subarray(21, 21 + idLength), recordSize, records.length);
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const baseNonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));

  const plaintext: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq++) {
    const record = records.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= records.length;
    // The nonce for record `seq` is the base nonce XOR seq as a 96-bit big-endian number.
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the data, one delimiter (2 in the last record, 1 before), then zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const delimiter = padded[end];
    if (delimiter !== (last ? 2 : 1)) throw new Error(`padding delimiter ${delimiter} in record ${seq}`);
    plaintext.push(padded.subarray(0, end));
  }
  return Buffer.concat(plaintext);
}
