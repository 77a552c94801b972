import { describe, expect, it } from "vitest";
import { orderStateStatus, orderStatus, paymentStatusOf } from "./status.ts";

describe("orderStatus", () => {
  it("tells a failed payment from one still awaited, and both from a paid order", () => {
    expect(orderStatus({ state: "PENDING", payment: "failed" })).toEqual({
      label: "Payment failed",
      tone: "danger",
    });
    expect(orderStatus({ state: "PENDING", payment: "awaiting" }).label).toBe("Awaiting payment");
    expect(orderStatus({ state: "PENDING", payment: "paid" }).label).toBe("Paid · preparing");
  });

  it("names the later states", () => {
    expect(orderStatus({ state: "SHIPPED", payment: "paid" }).label).toBe("Shipped");
    expect(orderStatus({ state: "DELIVERED", payment: "paid" })).toEqual({
      label: "Delivered",
      tone: "success",
    });
  });

  it("says whether a cancelled order's money is still to be refunded", () => {
    expect(orderStatus({ state: "CANCELED", payment: "paid", refundDue: true }).label).toBe(
      "Canceled · refund due",
    );
    expect(
      orderStatus({ state: "CANCELED", payment: "paid", refundedAt: "2026-11-22T10:00:00Z" }).label,
    ).toBe("Canceled · refunded");
    expect(orderStatus({ state: "CANCELED", payment: "canceled" }).label).toBe("Canceled");
  });
});

describe("the admin's badges: the state alone and the payment alone", () => {
  it("name each state", () => {
    expect(orderStateStatus("PENDING")).toEqual({ label: "Pending", tone: "warning" });
    expect(orderStateStatus("SHIPPED")).toEqual({ label: "Shipped", tone: "progress" });
    expect(orderStateStatus("DELIVERED")).toEqual({ label: "Delivered", tone: "success" });
    expect(orderStateStatus("CANCELED")).toEqual({ label: "Canceled", tone: "neutral" });
  });

  it("name the payment, and a cancelled order's refund before its payment", () => {
    expect(paymentStatusOf({ payment: "paid" })).toEqual({ label: "Paid", tone: "success" });
    expect(paymentStatusOf({ payment: "awaiting" })).toEqual({
      label: "Awaiting payment",
      tone: "warning",
    });
    expect(paymentStatusOf({ payment: "failed" })).toEqual({
      label: "Payment failed",
      tone: "danger",
    });
    expect(paymentStatusOf({ payment: "canceled" }).label).toBe("Not charged");
    expect(paymentStatusOf({ payment: "paid", refundDue: true })).toEqual({
      label: "Refund due",
      tone: "danger",
    });
    expect(
      paymentStatusOf({ payment: "paid", refundDue: false, refundedAt: "2026-11-22T10:00:00Z" }),
    ).toEqual({ label: "Refunded", tone: "neutral" });
  });
});
