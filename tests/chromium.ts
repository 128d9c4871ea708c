/**
 * Debian's Chromium, as every browser test here launches it (nothing downloads a browser): its
 * headless shell (`apt-get install chromium-headless-shell`), the same Blink without the full
 * browser around it. The browser tests took 396 s of CPU and 220 s with /usr/bin/chromium, 248 s
 * and 167 s with the shell, all passing (2-core machine, the same run). The background-networking
 * flags keep it from dialling out of a machine with no network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The whole browser (`apt-get install chromium`), where the shell falls short: Lighthouse's score
 * (the bench) times rendering as a browser does it, and Web Push (push-device.spec.ts) needs the
 * notification service the shell lacks (there `Notification.permission` is always "denied").
 */
export const CHROMIUM_BROWSER_PATH = process.env.CHROMIUM_BROWSER_PATH ?? "/usr/bin/chromium";
