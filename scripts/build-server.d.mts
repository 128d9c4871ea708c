import type { Metafile } from "esbuild";

export function buildServer(outdir?: string): Promise<Metafile>;
