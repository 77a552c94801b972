import { describe, expect, it } from "vitest";
import {
  DEFAULT_DELIVERY_METHOD,
  DELIVERY_METHODS,
  deliveryMethod,
  isDeliveryMethodName,
  parseDeliveryMethod,
} from "./delivery.ts";

describe("delivery methods", () => {
  it("offers STANDARD (3-5 days, 5 €) first, as the default, then EXPRESS (1-2 days, 16 €)", () => {
    expect(DELIVERY_METHODS).toEqual([
      { name: "STANDARD", expectedDelivery: "3-5 days", priceCents: 500 },
      { name: "EXPRESS", expectedDelivery: "1-2 days", priceCents: 1600 },
    ]);
    expect(DEFAULT_DELIVERY_METHOD).toBe(DELIVERY_METHODS[0]?.name);
  });

  it("looks a method up by name", () => {
    expect(deliveryMethod("EXPRESS").priceCents).toBe(1600);
    expect(deliveryMethod("STANDARD").expectedDelivery).toBe("3-5 days");
  });

  it("recognises only the two upper-case names", () => {
    expect(isDeliveryMethodName("EXPRESS")).toBe(true);
    expect(isDeliveryMethodName("express")).toBe(false);
    expect(isDeliveryMethodName("OVERNIGHT")).toBe(false);
    expect(isDeliveryMethodName(undefined)).toBe(false);
  });

  it("reads a method from untrusted input, falling back to STANDARD", () => {
    expect(parseDeliveryMethod(" express ")).toBe("EXPRESS");
    expect(parseDeliveryMethod("OVERNIGHT")).toBe("STANDARD");
    expect(parseDeliveryMethod(["EXPRESS"])).toBe("STANDARD");
    expect(parseDeliveryMethod(null)).toBe("STANDARD");
  });
});
