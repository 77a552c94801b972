// How every browser test here starts Debian's Chromium (no browser download): the end-to-end
// tests (playwright.config.ts) and the deploy rehearsal's journey. Without the background
// networking flags, Chromium keeps trying to reach Google's hosts on this offline machine.
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};
