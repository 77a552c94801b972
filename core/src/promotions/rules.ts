// Promotion rules that need no table (browser-safe): when a code has expired, when it is used
// up, and the state the admin list shows.
import { dateWindow } from "../common/date-window.ts";

/** "2026-12-31" works through that day (UTC); a full ISO time works until that instant. */
export function isPromotionExpired(promotion: { expiresAt?: string }, now: Date): boolean {
  const { expiresAt } = promotion;
  if (!expiresAt) return false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(expiresAt)) return now.toISOString().slice(0, 10) > expiresAt;
  return now.toISOString() > expiresAt;
}

export function isPromotionUsedUp(promotion: { usageLimit?: number; usedCount: number }): boolean {
  return promotion.usageLimit !== undefined && promotion.usedCount >= promotion.usageLimit;
}

export type PromotionState = "scheduled" | "active" | "expired" | "used up";

/**
 * What the admin list says of a promotion; expired wins over used up. One whose start is still
 * ahead (a day in the shop's time zone, UTC unless given, or an instant) is scheduled.
 */
export function promotionState(
  promotion: { startsAt?: string; expiresAt?: string; usageLimit?: number; usedCount: number },
  now: Date,
  timeZone = "UTC",
): PromotionState {
  if (isPromotionExpired(promotion, now)) return "expired";
  if (
    promotion.startsAt &&
    dateWindow({ startsAt: promotion.startsAt }, now, timeZone) === "not-started"
  ) {
    return "scheduled";
  }
  if (isPromotionUsedUp(promotion)) return "used up";
  return "active";
}

/**
 * "used / limit" ("3 / 10"), or "unlimited": orders do not write a code without a limit (no
 * shared item at a sale's peak), so its uses are not counted (docs/product.md §4 "Promotion").
 */
export function promotionUsage(promotion: { usageLimit?: number; usedCount: number }): string {
  return promotion.usageLimit === undefined
    ? "unlimited"
    : `${promotion.usedCount} / ${promotion.usageLimit}`;
}

/** Cents as the admin's amount field shows them: 1000 → "10.00". */
export function centsToEuroInput(cents: number): string {
  return (cents / 100).toFixed(2);
}
