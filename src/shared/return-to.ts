/**
 * Where to go after sign-in: only a path on our own origin ("/profile?x=1"), never another
 * site ("//evil.com", "/\\evil.com", "https://…"). Anything else becomes "/".
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length > 2048) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // Control characters and backslashes can be normalised by browsers into "//".
  if ([...value].some((ch) => ch === "\\" || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    return "/";
  return value;
}
