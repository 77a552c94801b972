// How every browser test here starts Debian's Chromium (no browser download): the end-to-end
// tests (playwright.config.ts) and the deploy rehearsal's journey. Without the background
// networking flags, Chromium keeps trying to reach Google's hosts on this offline machine.
import { existsSync } from "node:fs";

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`) when it is there: the same
 * Blink and V8 as `chromium`, without the desktop browser's user interface. On two cores it spends
 * about 40% less processor time per test than `chromium --headless`, which Playwright uses
 * otherwise; the end-to-end suite is processor-bound (decision 049).
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath:
    process.env.CHROMIUM_PATH ||
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};
