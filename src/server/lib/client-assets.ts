import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The built files a server-rendered page links to, read once from Vite's manifest. */
export type ClientAssets = { css: string[]; payScript: string | null };

export const NO_ASSETS: ClientAssets = { css: [], payScript: null };

type ManifestEntry = { file: string; css?: string[]; isEntry?: boolean };

export function readClientAssets(clientDir: string | undefined): ClientAssets {
  if (!clientDir) return NO_ASSETS;
  const manifestPath = path.join(clientDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return NO_ASSETS;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestEntry>;
  const pay = Object.entries(manifest).find(([source]) => source.endsWith("pay-script.ts"))?.[1];
  const css = pay?.css ?? manifest["index.html"]?.css ?? [];
  return { css: css.map((file) => `/${file}`), payScript: pay ? `/${pay.file}` : null };
}
