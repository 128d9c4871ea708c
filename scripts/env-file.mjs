// `.env` (see .env.example) for `npm start` and `npm run dev`, when there is one: its variables
// are set unless the shell already set them. Silent when there is none (Node's own
// --env-file-if-exists says so on stderr at every start).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/** Reads `dir/.env` into `env` without overriding what is set; returns whether there was one. */
export function loadDotEnv(dir, env = process.env) {
  const file = path.join(dir, ".env");
  if (!existsSync(file)) return false;
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, "utf8")))) {
    if (env[name] === undefined) env[name] = value;
  }
  return true;
}
