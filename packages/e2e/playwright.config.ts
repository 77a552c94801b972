// End-to-end tests in Debian's Chromium (no browser download), against the shop started by
// global-setup.ts. Desktop and mobile widths.
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS as launchOptions } from "./support/chromium";

/**
 * Files whose subject is the same at every width, run on desktop only: the admin's screens (their
 * phone layouts are checked at 375 px by the tests that resize to it), and checks of HTTP answers,
 * headers, guards, security, faults, the caches, SEO metadata and the payment module's loading.
 * The mobile project runs every shopper journey, the slide-in menu and the layout tests.
 */
const SAME_AT_EVERY_WIDTH = [
  "admin-*.spec.ts",
  "security-*.spec.ts",
  "accounts-security.spec.ts",
  "edge-cache.spec.ts",
  "faults.spec.ts",
  "guards.spec.ts",
  "http-cache.spec.ts",
  "payment-module.spec.ts",
  "seo.spec.ts",
  "stripe-front-end.spec.ts",
];

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // CI machines vary: one loaded twice over ran every test about three times slower and timed
  // out long journeys (an axe pass after a checkout) that take 10 s here. Failures stay failures.
  timeout: process.env.CI ? 60_000 : 30_000,
  // The shop, DynamoDB Local and two browsers share two cores: give assertions time under load.
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions } },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], launchOptions },
      testIgnore: SAME_AT_EVERY_WIDTH,
    },
  ],
});
