// The shop's clock: the machine's, moved by a local shop's test clock file only; a deployed stage
// refuses to start with one, and never reads it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shopNow, testClockOffsetMs } from "./clock.server.ts";
import { loadConfig } from "./config.ts";
import { SettingsError } from "./settings.ts";

const DAY = 24 * 60 * 60 * 1000;

function clockFile(text?: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "shop-clock-")), "test-clock");
  if (text !== undefined) writeFileSync(file, text);
  return file;
}

/** A staging stage's site with every setting in order. */
const DEPLOYED = {
  STAGE: "staging",
  NODE_ENV: "production",
  APP_URL: "https://staging.example.com",
  MAIL_FROM: "shop@example.com",
  SUPPORT_EMAIL: "help@example.com",
  TABLE_NAME: "shop-staging",
  INVOICES_BUCKET: "invoices",
  IMAGES_BUCKET: "images",
  SEARCH_BUCKET: "search",
  IMAGES_BASE_URL: "https://images.example.com",
  PAYMENTS: "test",
  SESSION_SECRET: "s".repeat(48),
  STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdef0123",
};

describe("the shop's clock", () => {
  it("is the machine's without a test clock file", () => {
    const before = Date.now();
    const now = shopNow({ config: loadConfig({}) }).getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("in a local shop, adds the file's milliseconds, read on every call", () => {
    const file = clockFile(String(DAY));
    const ctx = { config: loadConfig({ TEST_CLOCK_FILE: file }) };
    expect(shopNow(ctx).getTime() - Date.now()).toBeGreaterThan(DAY - 60_000);
    writeFileSync(file, "0\n");
    expect(testClockOffsetMs(ctx.config)).toBe(0);
    writeFileSync(file, String(-2 * DAY));
    expect(testClockOffsetMs(ctx.config)).toBe(-2 * DAY);
  });

  it("ignores a missing file and one that holds no offset (text, a fraction, beyond a year)", () => {
    expect(testClockOffsetMs({ testClockFile: clockFile() })).toBe(0);
    for (const text of ["tomorrow", "1.5", "1e9", String(400 * DAY), ""]) {
      expect(testClockOffsetMs({ testClockFile: clockFile(text) }), text).toBe(0);
    }
  });

  it("cannot be moved on a deployed stage: it refuses to start with the file named, and never keeps it", () => {
    expect(loadConfig(DEPLOYED).testClockFile).toBeUndefined();
    const start = () => loadConfig({ ...DEPLOYED, TEST_CLOCK_FILE: clockFile(String(DAY)) });
    expect(start).toThrow(SettingsError);
    try {
      start();
    } catch (error) {
      expect((error as SettingsError).problems).toEqual([
        "TEST_CLOCK_FILE: a test clock is refused on a deployed stage; unset it",
      ]);
    }
    // The e2e tests' shops run a production build on the local stage: the clock is theirs.
    const e2e = loadConfig({ NODE_ENV: "production", TEST_CLOCK_FILE: "/tmp/x" });
    expect(e2e.testClockFile).toBe("/tmp/x");
  });
});
