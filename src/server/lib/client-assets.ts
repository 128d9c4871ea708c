import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The built files a server-rendered page links to, read once from Vite's manifest. */
export type ClientAssets = { css: string[]; payScript: string | null };

export const NO_ASSETS: ClientAssets = { css: [], payScript: null };

type ManifestEntry = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestEntry>;

export function readClientAssets(clientDir: string | undefined): ClientAssets {
  if (!clientDir) return NO_ASSETS;
  const manifestPath = path.join(clientDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return NO_ASSETS;
  return assetsFromManifest(JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest);
}

/**
 * The pay page's script and every stylesheet it needs. The bundler may put a stylesheet on a
 * chunk the entry imports rather than on the entry itself (it does when the app and the pay
 * script share that chunk), so the CSS of the entry's static imports counts too, as Vite's
 * manifest documentation says a server must collect it.
 */
export function assetsFromManifest(manifest: Manifest): ClientAssets {
  const payKey = Object.keys(manifest).find((source) => source.endsWith("pay-script.ts"));
  const entryKey = payKey ?? "index.html";
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const file of entry.css ?? []) css.add(`/${file}`);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const pay = payKey ? manifest[payKey] : undefined;
  return { css: [...css], payScript: pay ? `/${pay.file}` : null };
}
