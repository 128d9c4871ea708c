import { UuidSchema } from "#shared/schemas/page.ts";

/** Ids of our rows are UUIDs; anything else cannot name a row (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return UuidSchema.safeParse(value).success;
}
