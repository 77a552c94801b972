import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import { CheckoutSchema } from "./schemas.ts";

const address = {
  address: "1 Main Street",
  country: "France",
  city: "Paris",
  zipCode: "75001",
  phone: "0123456789",
};

describe("CheckoutSchema", () => {
  it("accepts an address with a delivery method; company, apartment and addressId optional", () => {
    expect(
      parseForm(CheckoutSchema, { ...address, deliveryMethod: "EXPRESS", addressId: "" }),
    ).toEqual({
      success: true,
      data: {
        ...address,
        company: undefined,
        apartment: undefined,
        deliveryMethod: "EXPRESS",
        addressId: undefined,
      },
    });
  });

  it("keeps the picked saved address", () => {
    const result = parseForm(CheckoutSchema, {
      ...address,
      deliveryMethod: "STANDARD",
      addressId: " a1 ",
    });
    expect(result.success && result.data.addressId).toBe("a1");
  });

  it("requires the address fields and the delivery method", () => {
    expect(parseForm(CheckoutSchema, {})).toEqual({
      success: false,
      fieldErrors: {
        address: "Address is required",
        country: "Country is required",
        city: "City is required",
        zipCode: "Zip code is required",
        phone: "Phone is required",
        deliveryMethod: "Choose a delivery method",
      },
    });
  });

  it("accepts only STANDARD or EXPRESS", () => {
    for (const deliveryMethod of ["express", "OVERNIGHT", ["EXPRESS"], 1600]) {
      expect(parseForm(CheckoutSchema, { ...address, deliveryMethod })).toEqual({
        success: false,
        fieldErrors: { deliveryMethod: "Choose a delivery method" },
      });
    }
  });

  it("ignores prices and totals sent by the browser", () => {
    const result = parseForm(CheckoutSchema, {
      ...address,
      deliveryMethod: "STANDARD",
      totalPrice: "1",
      shippingPrice: "0",
    });
    expect(result.success && result.data).not.toHaveProperty("totalPrice");
  });
});
