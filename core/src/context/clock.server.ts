// The shop's clock: what "now" is for the promotions' and the markdowns' dates and for placing an
// order (docs/product.md §9 "Promotions", README "Configuration"). It is the machine's clock,
// except in a local shop given TEST_CLOCK_FILE: then the file's whole number of milliseconds is
// added to it, so an end-to-end test can move the shop to tomorrow and back without waiting
// (packages/e2e/support/test-clock.ts). A deployed stage never reads the file: its
// configuration leaves it out (./config.ts), and the stage refuses to start when it is set
// (./settings.ts deployedSettingProblems).
import { readFileSync } from "node:fs";
import type { Config } from "./config.ts";

/** What the file may hold: a whole number of milliseconds, at most a year either way. */
const OFFSET = /^-?\d{1,11}$/;
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/** The test clock's offset in milliseconds: 0 without a file, or with one that holds no offset. */
export function testClockOffsetMs(config: Pick<Config, "testClockFile">): number {
  if (!config.testClockFile) return 0;
  let text: string;
  try {
    text = readFileSync(config.testClockFile, "utf8").trim();
  } catch {
    return 0;
  }
  if (!OFFSET.test(text)) return 0;
  const offset = Number(text);
  return Math.abs(offset) <= YEAR_MS ? offset : 0;
}

/** Now, as the shop reads it (see above). */
export function shopNow(ctx: { config: Pick<Config, "testClockFile"> }): Date {
  return new Date(Date.now() + testClockOffsetMs(ctx.config));
}
