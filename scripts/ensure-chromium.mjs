// The browser tests use Debian's Chromium headless shell (nothing downloads a browser here; see
// tests/chromium.ts). On a fresh Debian machine where we are root, install it; otherwise fail with
// one line saying how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const PACKAGE = "chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? `/usr/bin/${PACKAGE}`;
if (!existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    console.error(
      `Chromium not found at ${CHROMIUM}: install it with "sudo apt-get install ${PACKAGE}" (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${PACKAGE} for the browser tests…`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGE}`, {
      stdio: "inherit",
    });
  } catch {
    console.error(`Chromium install failed: run "apt-get install ${PACKAGE}" as root, then npm test again.`);
    process.exit(1);
  }
}
