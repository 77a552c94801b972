// End-to-end tests in Debian's Chromium (no browser download), against the shop started by
// global-setup.ts. Desktop and mobile widths.
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS as launchOptions } from "./support/chromium";

/**
 * The mobile project (a Pixel 7) runs what a phone changes: the slide-in menu and the layouts, the
 * shopper's path from the catalogue through a product, the cart and the checkout to an account,
 * search, the colour lines up to the invoice, a return and an exchange, the merchandiser's sale
 * from tomorrow (a test clock) up to its refund, the size guide and the fit
 * line, and one pass over every other page a shopper opens, each fitting 375 px
 * (phone-pages.spec.ts). The desktop project runs
 * everything else once: journeys whose steps are the same at every width (the account's forms,
 * the order history, reviews, the newsletter, the admin's screens, whose phone layouts are checked
 * at 375 px by the tests that resize to it) and checks of HTTP answers, headers, guards, security,
 * faults, the caches and SEO.
 */
const PHONE = [
  "layout.spec.ts",
  "layout-shift.spec.ts",
  "shell.spec.ts",
  "catalogue.spec.ts",
  "catalogue-colour-size.spec.ts",
  "product.spec.ts",
  "colour-picker.spec.ts",
  "size-scales.spec.ts",
  "size-guide.spec.ts",
  "cart.spec.ts",
  "checkout.spec.ts",
  "offers.spec.ts",
  "merchandiser.spec.ts",
  "markdowns.spec.ts",
  "auth.spec.ts",
  "search.spec.ts",
  "search-relevance.spec.ts",
  "colour-lines.spec.ts",
  "returns.spec.ts",
  "phone-pages.spec.ts",
];
const PHONE_ONLY = ["phone-pages.spec.ts"];

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
    // A trace of a failed test's retry (CI retries once): recording every test's trace, with its
    // screencast, was about a sixth of the suite's time (decision 049). Locally, `--trace on`.
    trace: "on-first-retry",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], launchOptions },
      testIgnore: PHONE_ONLY,
    },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions }, testMatch: PHONE },
  ],
});
