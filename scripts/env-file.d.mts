export function loadDotEnv(dir: string, env?: Record<string, string | undefined>): boolean;
