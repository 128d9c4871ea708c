import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * `npm start` as package.json writes it: "exec node <flags> scripts/start.mjs". `exec` makes the
 * server the process npm signals, so a stop from systemd or Docker reaches it (without it the
 * shell between them swallows SIGTERM and the server lives on, orphaned).
 */
export function npmStart(): { exec: boolean; command: string; flags: string[]; script: string } {
  const start = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
  ).scripts.start;
  const words = start.split(/\s+/);
  const exec = words[0] === "exec";
  const [command = "", ...rest] = exec ? words.slice(1) : words;
  return { exec, command, flags: rest.slice(0, -1), script: rest.at(-1) ?? "" };
}
