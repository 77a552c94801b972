// A local shop's test clock (core/src/context/clock.server.ts): a file whose milliseconds the
// shop adds to "now". A spec starts a web server of its own with TEST_CLOCK_FILE set to it
// (support/web-server.ts), so the shop every other test uses keeps today.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface TestClock {
  /** The file to give the web server as TEST_CLOCK_FILE. */
  file: string;
  /** Moves the shop's clock this many milliseconds from the machine's (0: back to now). */
  set(offsetMs: number): Promise<void>;
  remove(): Promise<void>;
}

export async function startTestClock(): Promise<TestClock> {
  const file = join(await mkdtemp(join(tmpdir(), "shop-test-clock-")), "offset");
  await writeFile(file, "0");
  return {
    file,
    set: (offsetMs) => writeFile(file, String(Math.round(offsetMs))),
    remove: () => rm(dirname(file), { recursive: true, force: true }),
  };
}
