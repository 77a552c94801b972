import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  eurosToCents,
  formatPrice,
  parseCurrency,
  toUsdCents,
  USD_RATE,
} from "./money.ts";

describe("currencies", () => {
  it("lists EUR first (the default) then USD, each with its flag", () => {
    expect(CURRENCIES).toEqual([
      { name: "EUR", flag: "/flags/eu.svg" },
      { name: "USD", flag: "/flags/us.svg" },
    ]);
    expect(DEFAULT_CURRENCY).toBe("EUR");
    expect(USD_RATE).toBe(1.1);
  });

  it("reads a stored preference, unknown values giving EUR", () => {
    expect(parseCurrency("USD")).toBe("USD");
    expect(parseCurrency(" usd ")).toBe("USD");
    expect(parseCurrency("EUR")).toBe("EUR");
    expect(parseCurrency("GBP")).toBe("EUR");
    expect(parseCurrency(null)).toBe("EUR");
    expect(parseCurrency(42)).toBe("EUR");
    expect(parseCurrency({ name: "USD" })).toBe("EUR");
  });
});

describe("formatPrice in euro", () => {
  it.each([
    [1250, "12.50 €"],
    [500, "5.00 €"],
    [5, "0.05 €"],
    [0, "0.00 €"],
    [123_456, "1234.56 €"], // no thousands separator
    [-500, "-5.00 €"],
    [-5, "-0.05 €"],
  ])("%i cents → %s", (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
    expect(formatPrice(cents, "EUR")).toBe(text);
  });

  it("uses a plain space before € (no U+202F or U+00A0, which the PDF font cannot draw)", () => {
    const text = formatPrice(1_000_000);
    expect(text).toBe("10000.00 €");
    expect(text).not.toMatch(/[\u00a0\u202f]/);
  });

  it("rounds fractional cents and shows non-finite amounts as 0", () => {
    expect(formatPrice(1249.5)).toBe("12.50 €");
    expect(formatPrice(Number.NaN)).toBe("0.00 €");
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe("0.00 €");
  });
});

describe("formatPrice in dollars (× 1.1, display only)", () => {
  it.each([
    [1000, "$11.00"],
    [1250, "$13.75"],
    [1, "$0.01"], // 1.1 ct → 1
    [5, "$0.06"], // 5.5 ct → 6: half a cent rounds up
    [1005, "$11.06"], // 1105.5 ct → 1106, no floating-point drift
    [123_450, "$1357.95"],
    [-500, "-$5.50"],
  ])("%i euro cents → %s", (cents, text) => {
    expect(formatPrice(cents, "USD")).toBe(text);
  });

  it("converts to dollar cents symmetrically around zero", () => {
    expect(toUsdCents(1005)).toBe(1106);
    expect(toUsdCents(-1005)).toBe(-1106);
  });
});

describe("eurosToCents (admin forms)", () => {
  it.each([
    ["12.5", 1250],
    ["12,50", 1250],
    ["12.05", 1205],
    ["12", 1200],
    [" 7,5 ", 750],
    ["0", 0],
    ["0.01", 1],
    [12.5, 1250],
    [19.99, 1999],
    [0.1 + 0.2, 30],
  ])("%j → %i", (input, cents) => {
    expect(eurosToCents(input)).toBe(cents);
  });

  it.each(["", "abc", "12.505", "-5", "1,234.50", "12.", ".5", "1e3", "12 €", "9999999999"])(
    "%j → null",
    (input) => {
      expect(eurosToCents(input)).toBeNull();
    },
  );

  it("rejects numbers that are not euros with at most two decimals", () => {
    expect(eurosToCents(-1)).toBeNull();
    expect(eurosToCents(12.345)).toBeNull();
    expect(eurosToCents(Number.NaN)).toBeNull();
    expect(eurosToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
