import { describe, expect, it } from "vitest";
import { longDateUtc } from "./dates";

const intl = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

describe("longDateUtc", () => {
  it("writes every day of two years as en-GB's long date in UTC does", () => {
    const start = Date.UTC(2025, 0, 1, 23, 30);
    for (let day = 0; day < 731; day += 1) {
      const date = new Date(start + day * 86_400_000);
      expect(longDateUtc(date.toISOString())).toBe(intl.format(date));
    }
  });

  it("reads the day in UTC, not the machine's zone", () => {
    expect(longDateUtc("2026-03-05T23:59:59.999Z")).toBe("5 March 2026");
    expect(longDateUtc("2026-03-06T00:00:00+01:00")).toBe("5 March 2026");
  });

  it("writes nothing for a date it cannot read", () => {
    expect(longDateUtc("not a date")).toBe("");
  });
});
