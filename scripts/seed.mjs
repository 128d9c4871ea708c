// `npm run seed`: fills the embedded database with a demo account (src/server/seed/seed.ts).
import { register } from "tsx/esm/api";

register();
const { seed } = await import("../src/server/seed/seed.ts");
try {
  console.log(await seed(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
