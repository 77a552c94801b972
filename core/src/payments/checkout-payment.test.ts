import { describe, expect, it } from "vitest";
import {
  checkoutPaymentMode,
  PAYMENT_UNEXPECTED_ERROR,
  PLACEMENT_FIELD,
  paymentErrorMessage,
  paymentReturnUrl,
  placementSignature,
} from "./checkout-payment.ts";

describe("which payment step the checkout shows", () => {
  it("is the local card form unless the server pays through Stripe", () => {
    expect(checkoutPaymentMode({ payments: "test" })).toEqual({ gateway: "local" });
    // A browser key alone does not switch the page: the server would still use the local gateway.
    expect(checkoutPaymentMode({ payments: "test", stripePublishableKey: "pk_test_123" })).toEqual({
      gateway: "local",
    });
  });

  it("is Stripe's Payment Element with the publishable key, and never the secret", () => {
    const mode = checkoutPaymentMode({
      payments: "stripe",
      stripePublishableKey: "pk_test_123",
    });
    expect(mode).toEqual({ gateway: "stripe", publishableKey: "pk_test_123" });
    expect(JSON.stringify(mode)).not.toContain("sk_test");
  });

  it("reports Stripe without a usable browser key (the page shows the load error)", () => {
    expect(checkoutPaymentMode({ payments: "stripe" })).toEqual({
      gateway: "stripe",
      publishableKey: null,
    });
    // A secret key put in the publishable slot by mistake never reaches the browser.
    expect(checkoutPaymentMode({ payments: "stripe", stripePublishableKey: "sk_test_a" })).toEqual({
      gateway: "stripe",
      publishableKey: null,
    });
  });
});

describe("what a payment error shows", () => {
  it("stays silent for card and validation errors (the Payment Element shows them)", () => {
    expect(paymentErrorMessage({ type: "card_error" })).toBeNull();
    expect(paymentErrorMessage({ type: "validation_error" })).toBeNull();
    expect(paymentErrorMessage(undefined)).toBeNull();
  });

  it("says 'An unexpected error occurred.' for anything else", () => {
    for (const type of ["api_error", "api_connection_error", "invalid_request_error", undefined]) {
      expect(paymentErrorMessage({ type })).toBe(PAYMENT_UNEXPECTED_ERROR);
    }
    expect(PAYMENT_UNEXPECTED_ERROR).toBe("An unexpected error occurred.");
  });
});

describe("after the payment", () => {
  it("returns to the order's confirmation page", () => {
    expect(paymentReturnUrl("https://shop.example", "a b")).toBe(
      "https://shop.example/order/confirm-order?id=a%20b",
    );
  });

  it("reuses the placed order only when nothing sent has changed", () => {
    const sent = (code: string) =>
      placementSignature([
        ["lines", '[{"productId":"p1"}]'],
        ["code", code],
        ["city", "Paris"],
      ]);
    expect(sent("ONCE5")).toBe(
      placementSignature([
        ["city", "Paris"],
        ["code", "ONCE5"],
        ["lines", '[{"productId":"p1"}]'],
      ]),
    );
    expect(sent("ONCE5")).not.toBe(sent(""));
    // The key of the attempt is not what is placed.
    expect(
      placementSignature([
        ["lines", '[{"productId":"p1"}]'],
        ["code", "ONCE5"],
        ["city", "Paris"],
        [PLACEMENT_FIELD, "0f0e0d0c0b0a09080706050403020100"],
      ]),
    ).toBe(sent("ONCE5"));
  });
});
