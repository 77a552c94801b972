import { describe, expect, it } from "vitest";
import { centsToEuroInput, promotionState, promotionUsage } from "./rules.ts";

const now = new Date("2026-11-22T12:00:00Z");

describe("the admin list's state and usage of a promotion", () => {
  it.each([
    [{ usedCount: 0 }, "active"],
    [{ usedCount: 0, expiresAt: "2026-11-22" }, "active"],
    [{ usedCount: 0, expiresAt: "2026-11-21" }, "expired"],
    [{ usedCount: 0, usageLimit: 1 }, "active"],
    [{ usedCount: 1, usageLimit: 1 }, "used up"],
    [{ usedCount: 1, usageLimit: 1, expiresAt: "2026-01-01" }, "expired"],
    [{ usedCount: 0, startsAt: "2026-11-23" }, "scheduled"],
    [{ usedCount: 0, startsAt: "2026-11-22" }, "active"],
    [{ usedCount: 0, startsAt: "2026-11-22T12:00:01Z" }, "scheduled"],
  ])("%j is %s", (promotion, state) => {
    expect(promotionState(promotion, now)).toBe(state);
  });

  it("reads a start day in the shop's time zone: 1 am in Madrid on the 23rd is the 23rd there", () => {
    const late = new Date("2026-11-23T00:30:00Z");
    expect(promotionState({ usedCount: 0, startsAt: "2026-11-23" }, late, "Europe/Madrid")).toBe(
      "active",
    );
    expect(promotionState({ usedCount: 0, startsAt: "2026-11-24" }, late, "Europe/Madrid")).toBe(
      "scheduled",
    );
  });

  it("shows usage as used / limit, and an unlimited code as unlimited (orders do not count it)", () => {
    expect(promotionUsage({ usedCount: 1, usageLimit: 5 })).toBe("1 / 5");
    expect(promotionUsage({ usedCount: 0 })).toBe("unlimited");
  });

  it("shows cents as euros in the amount field", () => {
    expect(centsToEuroInput(1000)).toBe("10.00");
    expect(centsToEuroInput(5)).toBe("0.05");
  });
});
