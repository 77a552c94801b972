import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import { markdownFormSchema, priceChangedBetween, shownPrice } from "./markdown.ts";

const TZ = "Europe/Madrid";
const COAT = {
  priceCents: 8_900,
  markdown: { saleCents: 5_900, startsAt: "2026-12-26", endsAt: "2027-01-06" },
};

describe("shownPrice", () => {
  it("the regular price before the sale, the sale price against it struck through within, the regular after", () => {
    expect(shownPrice(COAT, new Date("2026-12-25T22:59:59Z"), TZ)).toEqual({ priceCents: 8_900 });
    expect(shownPrice(COAT, new Date("2026-12-25T23:00:00Z"), TZ)).toEqual({
      priceCents: 5_900,
      compareAtCents: 8_900,
      percentOff: 33,
    });
    expect(shownPrice(COAT, new Date("2027-01-06T22:59:59Z"), TZ).priceCents).toBe(5_900);
    expect(shownPrice(COAT, new Date("2027-01-06T23:00:00Z"), TZ)).toEqual({ priceCents: 8_900 });
  });

  it("no sale, or a sale price not below the regular one, shows the regular price", () => {
    expect(shownPrice({ priceCents: 1_000 }, new Date(), TZ)).toEqual({ priceCents: 1_000 });
    expect(
      shownPrice({ priceCents: 1_000, markdown: { saleCents: 1_000 } }, new Date(), TZ),
    ).toEqual({ priceCents: 1_000 });
  });
});

describe("markdownFormSchema (the product form's sale fields)", () => {
  const errorsOf = (input: Record<string, string>) => {
    const result = parseForm(markdownFormSchema(8_900), input);
    return result.success ? {} : result.fieldErrors;
  };

  it("reads a sale price in euros and its dates; all empty is no sale", () => {
    expect(
      parseForm(markdownFormSchema(8_900), {
        salePrice: "59,90",
        saleStartsAt: "2026-12-26",
        saleEndsAt: "",
      }),
    ).toEqual({ success: true, data: { saleCents: 5_990, startsAt: "2026-12-26" } });
    expect(parseForm(markdownFormSchema(8_900), {})).toEqual({ success: true, data: undefined });
  });

  it.each([
    [{ salePrice: "89" }, "salePrice", "Sale price must be below the regular price"],
    [{ salePrice: "95" }, "salePrice", "Sale price must be below the regular price"],
    [{ salePrice: "cheap" }, "salePrice", "Sale price must be in euros, e.g. 59 or 59.90"],
    [{ saleStartsAt: "2026-12-26" }, "salePrice", "Sale price is required for sale dates"],
    [
      { salePrice: "59", saleStartsAt: "2026-12-26", saleEndsAt: "2026-12-25" },
      "saleEndsAt",
      "The sale must not end before it starts",
    ],
    [
      { salePrice: "59", saleEndsAt: "2026-13-01" },
      "saleEndsAt",
      "Enter a valid date (YYYY-MM-DD)",
    ],
  ])("refuses %j on its field", (input, key, message) => {
    expect(errorsOf(input)).toEqual({ [key]: message });
  });
});

describe("priceChangedBetween (the sales' scheduled purge)", () => {
  const at = (iso: string) => new Date(iso);
  it("is true across a sale's start or end, false within, outside, or without a sale", () => {
    expect(
      priceChangedBetween(COAT, at("2026-12-25T22:45:00Z"), at("2026-12-25T23:00:00Z"), TZ),
    ).toBe(true);
    expect(
      priceChangedBetween(COAT, at("2026-12-25T23:00:00Z"), at("2026-12-25T23:15:00Z"), TZ),
    ).toBe(false);
    expect(
      priceChangedBetween(COAT, at("2027-01-06T22:45:00Z"), at("2027-01-06T23:00:00Z"), TZ),
    ).toBe(true);
    expect(
      priceChangedBetween(COAT, at("2027-01-07T22:45:00Z"), at("2027-01-07T23:00:00Z"), TZ),
    ).toBe(false);
    expect(
      priceChangedBetween(
        { priceCents: 8_900 },
        at("2026-12-25T22:45:00Z"),
        at("2026-12-25T23:00:00Z"),
        TZ,
      ),
    ).toBe(false);
  });
});
