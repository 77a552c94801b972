import { describe, expect, it } from "vitest";
import { PAYMENT_TIMEOUT_MINUTES, paymentDeadline } from "./payment-deadline.ts";

describe("the payment deadline", () => {
  it("is 30 minutes after the order was placed", () => {
    expect(PAYMENT_TIMEOUT_MINUTES).toBe(30);
    expect(paymentDeadline(new Date("2026-11-22T16:45:10.000Z"))).toBe("2026-11-22T17:15:10.000Z");
  });

  it("crosses midnight and month ends in UTC", () => {
    expect(paymentDeadline(new Date("2026-11-30T23:50:00.000Z"))).toBe("2026-12-01T00:20:00.000Z");
  });
});
