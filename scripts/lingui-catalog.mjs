// A PO catalog compiled to an ES module, as @lingui/vite-plugin does for Vite and Vitest: the
// server's esbuild build (scripts/build-server.mjs) imports catalogs through this.
import path from "node:path";
import {
  createCompilationErrorMessage,
  createCompiledCatalog,
  getCatalogForFile,
  getCatalogs,
} from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";

const root = path.resolve(import.meta.dirname, "..");

/** An esbuild plugin: `import { messages } from "…/de.po"` is the compiled German catalog. */
export function linguiCatalogs() {
  return {
    name: "collect:lingui-catalogs",
    setup(build) {
      let catalogs;
      build.onLoad({ filter: /\.po$/ }, async ({ path: file }) => {
        const config = getConfig({ cwd: root });
        catalogs ??= await getCatalogs(config);
        const found = getCatalogForFile(path.relative(config.rootDir, file), catalogs);
        if (!found) throw new Error(`${file} is no catalog of lingui.config.ts`);
        const { messages } = await found.catalog.getTranslations(found.locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale,
        });
        const { source, errors } = createCompiledCatalog(found.locale, messages, { namespace: "es" });
        if (errors.length) throw new Error(createCompilationErrorMessage(found.locale, errors));
        return { contents: source, loader: "js" };
      });
    },
  };
}
