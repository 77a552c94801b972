import { describe, expect, it } from "vitest";
import { loadAbuseLimits, tryAgainIn } from "./limits.ts";

describe("abuse limits", () => {
  it("default to 5 failed sign-ins in 15 minutes and at least 20 sign-ups an hour", () => {
    const limits = loadAbuseLimits({});
    expect(limits.signInFailures).toEqual({ max: 5, windowSeconds: 900 });
    // Per e-mail from any address: higher than the pair's, so a few tries do not lock the owner.
    expect(limits.signInFailuresPerEmail).toEqual({ max: 20, windowSeconds: 3600 });
    expect(limits.signUps.max).toBeGreaterThanOrEqual(20);
    expect(limits.signUps.windowSeconds).toBe(3600);
  });

  it("are set by configuration, ignoring values that are not positive integers", () => {
    const limits = loadAbuseLimits({
      SIGNIN_MAX_FAILURES: "3",
      SIGNIN_LOCK_MINUTES: "30",
      SIGNIN_MAX_FAILURES_PER_EMAIL_PER_HOUR: "40",
      SIGNUP_MAX_PER_HOUR: "-1",
      RESET_MAX_PER_EMAIL_PER_HOUR: "abc",
    });
    expect(limits.signInFailures).toEqual({ max: 3, windowSeconds: 1800 });
    expect(limits.signInFailuresPerEmail).toEqual({ max: 40, windowSeconds: 3600 });
    expect(limits.signUps.max).toBe(50);
    expect(limits.resetsPerEmail.max).toBe(5);
  });

  it("word the wait in whole minutes", () => {
    expect(tryAgainIn(30)).toBe("Try again in 1 minute.");
    expect(tryAgainIn(61)).toBe("Try again in 2 minutes.");
  });
});
