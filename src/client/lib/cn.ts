import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names, skipping falsy ones; a later Tailwind class wins over a clashing earlier one. */
export function cn(...values: ClassValue[]): string {
  return twMerge(clsx(values));
}
