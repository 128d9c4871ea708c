export const COPY_RULES: { pattern: RegExp; why: string }[];
export function copyProblems(text: string): string[];
