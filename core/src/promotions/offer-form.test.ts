import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import { OfferFormSchema } from "./offer-form.ts";

const errorsOf = (result: ReturnType<typeof parseForm>) =>
  result.success ? {} : result.fieldErrors;

describe("OfferFormSchema (the admin's promotion of any kind)", () => {
  it("an automatic 20% off Women's dresses from a date, as the merchandiser types it", () => {
    expect(
      parseForm(OfferFormSchema, {
        code: "",
        label: " 20% off Women's dresses ",
        kind: "percent-off-items",
        percent: "20",
        audiences: "Women",
        productTypes: "dresses",
        startsAt: "2026-12-11",
        endsAt: "",
      }),
    ).toEqual({
      success: true,
      data: {
        label: "20% off Women's dresses",
        effect: {
          kind: "percent-off-items",
          percent: 20,
          target: { audiences: ["Women"], productTypes: ["dresses"] },
        },
        conditions: { startsAt: "2026-12-11" },
      },
    });
  });

  it("a code with an amount in euros, a minimum spend and every customer condition", () => {
    const result = parseForm(OfferFormSchema, {
      code: "WINTER10",
      label: "10 € off",
      kind: "amount-off-order",
      amount: "10,50",
      minSubtotal: "60",
      usageLimit: "100",
      oncePerCustomer: "on",
      firstOrderOnly: "on",
    });
    expect(result).toEqual({
      success: true,
      data: {
        code: "WINTER10",
        label: "10 € off",
        effect: { kind: "amount-off-order", amountCents: 1050 },
        conditions: {
          minSubtotalCents: 6000,
          usageLimit: 100,
          oncePerCustomer: true,
          firstOrderOnly: true,
        },
      },
    });
  });

  it("free delivery for both methods", () => {
    const result = parseForm(OfferFormSchema, {
      code: "SHIPFREE",
      label: "Free delivery",
      kind: "free-delivery",
      methods: "ALL",
    });
    expect(result.success && result.data.effect).toEqual({ kind: "free-delivery", methods: "ALL" });
  });

  it.each([
    [
      { kind: "percent-off-order", percent: "101" },
      "percent",
      "Percentage must be a whole number from 1 to 100",
    ],
    [
      { kind: "percent-off-order", percent: "0" },
      "percent",
      "Percentage must be a whole number from 1 to 100",
    ],
    [
      { kind: "percent-off-order", percent: "12.5" },
      "percent",
      "Percentage must be a whole number from 1 to 100",
    ],
    [
      { kind: "percent-off-items", percent: "10" },
      "audiences",
      "Choose at least one audience, product type or product",
    ],
    [{ kind: "amount-off-order" }, "amount", "Amount is required"],
    [
      { kind: "amount-off-order", amount: "-5" },
      "amount",
      "Amount must be in euros, from 0.01 to 100000, e.g. 10 or 7.50",
    ],
    [
      { kind: "amount-off-order", amount: "5", startsAt: "2026-12-11", endsAt: "2026-12-10" },
      "endsAt",
      "The end must not be before the start",
    ],
    [
      { kind: "amount-off-order", amount: "5", startsAt: "2026-02-30" },
      "startsAt",
      "Enter a valid date (YYYY-MM-DD)",
    ],
    [
      { kind: "amount-off-order", amount: "5", minSubtotal: "lots" },
      "minSubtotal",
      "Minimum subtotal must be in euros, e.g. 50 or 49.90",
    ],
    [
      { kind: "percent-off-items", percent: "10", audiences: "Aliens" },
      "audiences",
      "Choose audiences from Men, Women, Kid and Baby",
    ],
    [
      { kind: "percent-off-items", percent: "10", productTypes: "Dresses!" },
      "productTypes",
      "Product types are lower-case words with hyphens, e.g. dresses",
    ],
    [
      { kind: "percent-off-items", percent: "10", productIds: "a b" },
      "productIds",
      "A product id is letters, digits and hyphens",
    ],
    [{ kind: "buy-one-get-all" }, "kind", "Choose what the promotion gives"],
    [
      { kind: "amount-off-order", amount: "5", code: "x" },
      "code",
      "Code must be 3 to 40 letters, digits, - or _",
    ],
  ])("refuses %j on its field", (input, field, message) => {
    expect(errorsOf(parseForm(OfferFormSchema, { label: "An offer", ...input }))).toEqual({
      [field]: message,
    });
  });
});
