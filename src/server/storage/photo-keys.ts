import { randomUUID } from "node:crypto";
import { type SigningSecret, signature, signatureHolds, signatures } from "#server/lib/signed-token.ts";
import { INCOMING_PREFIX, KEY_PATTERN, type PhotoVariant, PUBLISHED_PREFIX } from "./object-storage";

/**
 * Upload keys are `incoming/{ownerTag}/{uuid}`, and `uploads/{ownerTag}/{uuid}` once set as a
 * photo. The tag is a MAC of the user id (lib/signed-token.ts), so a key proves whose upload it
 * is without putting the internal user id into public photo URLs.
 */
export function ownerTag(secret: SigningSecret, userId: string): string {
  return signature(secret, "photo-owner", userId);
}

/** Whether `tag` is one of the user's: made with either secret, or before lib/signed-token.ts. */
export function isOwnerTag(secret: SigningSecret, userId: string, tag: string): boolean {
  return signatureHolds(secret, "photo-owner", userId, tag);
}

/** Every tag the user's objects may sit under (an account's deletion removes them all). */
export function ownerTags(secret: SigningSecret, userId: string): string[] {
  return signatures(secret, "photo-owner", userId);
}

export function newUploadKey(secret: SigningSecret, userId: string): string {
  return `${INCOMING_PREFIX}${ownerTag(secret, userId)}/${randomUUID()}`;
}

/** The key an upload is served from once it is someone's photo. */
export function publishedKey(key: string): string {
  return `${PUBLISHED_PREFIX}${key.slice(key.indexOf("/") + 1)}`;
}

export const OBJECTS_PREFIX = "/objects/";

/** The key at the end of an upload URL or an /objects/ path, or null when there is none. */
export function keyFromUrl(value: string, base: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(value, base).pathname);
  } catch {
    return null;
  }
  const match = /((?:incoming|uploads)\/[^/]+\/[^/]+)$/.exec(pathname);
  return match?.[1] && KEY_PATTERN.test(match[1]) ? match[1] : null;
}

export function keyFromObjectPath(objectPath: string | null): string | null {
  if (!objectPath?.startsWith(OBJECTS_PREFIX)) return null;
  const key = objectPath.slice(OBJECTS_PREFIX.length);
  return KEY_PATTERN.test(key) ? key : null;
}

/** Where one of a photo's resized versions is kept: beside it (object-storage.ts PHOTO_VARIANTS). */
export function variantKey(key: string, variant: PhotoVariant): string {
  return `${key}-${variant}`;
}
