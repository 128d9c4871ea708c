import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * package.json's version: the install's, found from this module's folder up (dist/server/ in a
 * build, src/server/lib/ in a checkout) whatever the working folder is (a service manager may
 * start Node elsewhere), else the working folder's; "unknown" without one. In the start-up line,
 * collect_build_info and the traces' service.version.
 */
export function packageVersion(): string {
  const folders: string[] = [];
  for (let folder = import.meta.dirname; folders.length < 4; folder = path.dirname(folder))
    folders.push(folder);
  for (const file of [
    ...folders.map((folder) => path.join(folder, "package.json")),
    path.resolve("package.json"),
  ]) {
    try {
      const { name, version } = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (name === "collect" && version) return version;
    } catch {
      // Not here: the next folder up.
    }
  }
  return "unknown";
}
