import type { ObjectStorage } from "#server/storage/object-storage.ts";
import { cardPhoto, readPhoto } from "#server/storage/photo-image.ts";
import { keyFromObjectPath, variantKey } from "#server/storage/photo-keys.ts";

/**
 * The requester's photo as the card's square PNG (made when the photo was set), or null (the
 * card then shows initials). A photo set before that version existed is resized here by sharp,
 * within the same pixel limit as a new photo: one past it is treated as missing.
 */
export async function readCardPhoto(
  storage: ObjectStorage,
  objectPath: string | null,
): Promise<Buffer | null> {
  const key = keyFromObjectPath(objectPath);
  if (!key) return null;
  const made = await readPhoto(storage, variantKey(key, "card"));
  if (made) return made;
  const original = await readPhoto(storage, key);
  return original && cardPhoto(original).catch(() => null);
}
