// The browser tests use Debian's Chromium (nothing downloads a browser here; see tests/chromium.ts):
// its headless shell for nearly every spec, and the whole browser for the one that needs a
// notification service (push-device.spec.ts). On a fresh Debian machine where we are root, install
// what is missing; otherwise fail with one line saying how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const NEEDED = [
  { path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell", pkg: "chromium-headless-shell" },
  { path: process.env.CHROMIUM_BROWSER_PATH ?? "/usr/bin/chromium", pkg: "chromium" },
];
const missing = NEEDED.filter(({ path }) => !existsSync(path)).map(({ pkg }) => pkg);
if (missing.length > 0) {
  const packages = missing.join(" ");
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    console.error(
      `Chromium not found: install it with "sudo apt-get install ${packages}" (or set CHROMIUM_PATH and CHROMIUM_BROWSER_PATH).`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${packages} for the browser tests…`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
      stdio: "inherit",
    });
  } catch {
    console.error(`Chromium install failed: run "apt-get install ${packages}" as root, then npm test again.`);
    process.exit(1);
  }
}
