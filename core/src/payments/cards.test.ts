import { describe, expect, it } from "vitest";
import {
  CARD_DECLINED,
  CARD_EXPIRED,
  CARD_NUMBER_INVALID,
  CVC_INVALID,
  EXPIRY_FORMAT,
  INSUFFICIENT_FUNDS,
  isExpired,
  luhnValid,
  parseCard,
  parseExpiry,
  testCardOutcome,
} from "./cards.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const good = { cardNumber: "4242 4242 4242 4242", expiry: "12/28", cvc: "123" };
const errorsOf = (input: unknown) => {
  const result = parseCard(input, NOW);
  return result.success ? {} : result.fieldErrors;
};

describe("luhnValid", () => {
  it.each([
    ["4242424242424242", true],
    ["4000000000000002", true],
    ["4000000000009995", true],
    ["5555555555554444", true],
    ["4242424242424241", false],
    ["1234567812345678", false],
    ["42424242x4242424", false],
    ["", false],
  ])("%s → %s", (digits, expected) => {
    expect(luhnValid(digits)).toBe(expected);
  });
});

describe("parseExpiry and isExpired", () => {
  it("reads MM/YY and MM/YYYY", () => {
    expect(parseExpiry("04/29")).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry(" 4 / 2029 ")).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry("13/29")).toBeNull();
    expect(parseExpiry("00/29")).toBeNull();
    expect(parseExpiry("0429")).toBeNull();
  });

  it("a card works through the last day of its month", () => {
    expect(isExpired({ month: 11, year: 2026 }, NOW)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, NOW)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, NOW)).toBe(false);
    expect(isExpired({ month: 12, year: 2025 }, NOW)).toBe(true);
  });
});

describe("parseCard (the card form)", () => {
  it("accepts a valid card, spaces removed", () => {
    expect(parseCard(good, NOW)).toEqual({
      success: true,
      data: { number: "4242424242424242", expMonth: 12, expYear: 2028, cvc: "123" },
    });
  });

  it("names each missing field", () => {
    expect(errorsOf({})).toEqual({
      cardNumber: "Card number is required",
      expiry: "Expiry is required",
      cvc: "CVC is required",
    });
    expect(errorsOf(null)).toMatchObject({ cardNumber: "Card number is required" });
  });

  it.each([
    ["4242 4242 4242 4241", CARD_NUMBER_INVALID],
    ["4242", CARD_NUMBER_INVALID],
    ["abcd efgh ijkl mnop", CARD_NUMBER_INVALID],
    ["4242-4242-4242-4242", null],
  ])("card number %j → %s", (cardNumber, message) => {
    expect(errorsOf({ ...good, cardNumber }).cardNumber ?? null).toBe(message);
  });

  it.each([
    ["1228", EXPIRY_FORMAT],
    ["13/28", EXPIRY_FORMAT],
    ["10/26", CARD_EXPIRED],
    ["11/26", null],
  ])("expiry %j → %s", (expiry, message) => {
    expect(errorsOf({ ...good, expiry }).expiry ?? null).toBe(message);
  });

  it.each([
    ["12", CVC_INVALID],
    ["12345", CVC_INVALID],
    ["12a", CVC_INVALID],
    ["1234", null],
  ])("CVC %j → %s", (cvc, message) => {
    expect(errorsOf({ ...good, cvc }).cvc ?? null).toBe(message);
  });

  it("refuses non-text values without throwing", () => {
    expect(errorsOf({ cardNumber: ["4242424242424242"], expiry: 1228, cvc: {} })).toEqual({
      cardNumber: "Card number must be text",
      expiry: "Expiry must be text",
      cvc: "CVC must be text",
    });
  });
});

describe("testCardOutcome (the local test gateway)", () => {
  it("4242… succeeds, 0002 is declined, 9995 lacks funds", () => {
    expect(testCardOutcome({ number: "4242424242424242" })).toEqual({ ok: true });
    expect(testCardOutcome({ number: "4000000000000002" })).toMatchObject({
      ok: false,
      message: CARD_DECLINED,
    });
    expect(testCardOutcome({ number: "4000000000009995" })).toMatchObject({
      ok: false,
      message: INSUFFICIENT_FUNDS,
    });
  });
});
