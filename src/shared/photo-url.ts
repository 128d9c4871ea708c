/**
 * A photo's resized square version (96 or 192 px WebP), served beside it: pages show these, never
 * the photo itself. A photo set before versions were made falls back to itself (server/routes/photos).
 */
export function avatarUrl(objectPath: string, size: 96 | 192): string {
  return `${objectPath}-${size}`;
}
