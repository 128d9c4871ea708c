// The browser tests use Debian's Chromium (nothing downloads a browser here). On a fresh
// Debian machine where we are root, install it; otherwise fail with one line saying how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    console.error(
      `Chromium not found at ${CHROMIUM}: install it with "sudo apt-get install chromium" (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests…");
  try {
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
      stdio: "inherit",
    });
  } catch {
    console.error(`Chromium install failed: run "apt-get install chromium" as root, then npm test again.`);
    process.exit(1);
  }
}
