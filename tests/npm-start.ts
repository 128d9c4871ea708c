import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * `npm start` as package.json writes it: "NAME=${NAME:-default} … exec node <flags>
 * scripts/start.mjs". `exec` makes the server the process npm signals, so a stop from systemd or
 * Docker reaches it (without it the shell between them swallows SIGTERM and the server lives on,
 * orphaned). `env` is what the assignments before it give the server, resolved as sh would
 * against `outside` (an operator's own value of a `${NAME:-default}` wins).
 */
export function npmStart(outside: NodeJS.ProcessEnv = process.env): {
  exec: boolean;
  env: Record<string, string>;
  command: string;
  flags: string[];
  script: string;
} {
  const start = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
  ).scripts.start;
  const words = start.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? "")) {
    const [name = "", value = ""] = (words.shift() as string).split(/=(.*)/s);
    const fallback = /^\$\{([A-Z_][A-Z0-9_]*):-(.*)\}$/.exec(value);
    env[name] = fallback ? outside[fallback[1] as string] || (fallback[2] as string) : value;
  }
  const exec = words[0] === "exec";
  const [command = "", ...rest] = exec ? words.slice(1) : words;
  return { exec, env, command, flags: rest.slice(0, -1), script: rest.at(-1) ?? "" };
}
