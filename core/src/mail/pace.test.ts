import { describe, expect, it } from "vitest";
import { MailPace } from "./pace.ts";

/** A clock that advances when slept on. */
function virtualClock(start = 1_000) {
  let now = start;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

describe("a mailer's pace", () => {
  it("lets no more than its rate through a second, also when called at once", async () => {
    const clock = virtualClock();
    const pace = new MailPace(5, clock);
    await Promise.all(Array.from({ length: 11 }, () => pace.take()));
    // 11 mails at 5 a second: the 11th leaves 2 s after the first.
    expect(clock.now() - 1_000).toBeGreaterThanOrEqual(2_000);
  });

  it("does not wait after an idle time, and refuses a rate of 0", async () => {
    const clock = virtualClock();
    const pace = new MailPace(14, clock);
    await pace.take();
    await clock.sleep(10_000);
    const before = clock.now();
    await pace.take();
    expect(clock.now()).toBe(before);
    expect(() => new MailPace(0, clock)).toThrow();
  });
});
