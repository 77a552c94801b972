import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import { PromotionCodeSchema, PromotionFormSchema, PromotionSchema } from "./schemas.ts";

const errorsOf = (result: ReturnType<typeof parseForm>) =>
  result.success ? {} : result.fieldErrors;

describe("PromotionCodeSchema (the checkout's code box)", () => {
  it("trims the code and keeps its case", () => {
    expect(parseForm(PromotionCodeSchema, { code: "  WELCOME10 " })).toEqual({
      success: true,
      data: { code: "WELCOME10" },
    });
  });

  it.each([{}, { code: "" }, { code: "   " }])("requires a code: %j", (input) => {
    expect(errorsOf(parseForm(PromotionCodeSchema, input))).toEqual({
      code: "Promotion code is required",
    });
  });

  it("refuses codes over 40 characters and non-text", () => {
    expect(errorsOf(parseForm(PromotionCodeSchema, { code: "A".repeat(41) }))).toEqual({
      code: "Promotion code must be at most 40 characters",
    });
    expect(errorsOf(parseForm(PromotionCodeSchema, { code: ["WELCOME10"] }))).toEqual({
      code: "Promotion code must be text",
    });
  });
});

describe("PromotionSchema (admin)", () => {
  const valid = { code: " Summer_25-b ", label: " Summer sale ", amountCents: "1000" };

  it("accepts a promotion, code trimmed with its case kept, amount as whole cents", () => {
    expect(parseForm(PromotionSchema, valid)).toEqual({
      success: true,
      data: {
        code: "Summer_25-b",
        label: "Summer sale",
        amountCents: 1000,
        expiresAt: undefined,
        usageLimit: undefined,
      },
    });
  });

  it("reads an expiry date and a usage limit", () => {
    const result = parseForm(PromotionSchema, {
      ...valid,
      expiresAt: "2026-12-31",
      usageLimit: "1",
    });
    expect(result.success && result.data).toMatchObject({ expiresAt: "2026-12-31", usageLimit: 1 });
  });

  it("accepts numbers from JSON", () => {
    const result = parseForm(PromotionSchema, { ...valid, amountCents: 500, usageLimit: 3 });
    expect(result.success && result.data).toMatchObject({ amountCents: 500, usageLimit: 3 });
  });

  it("requires code, label and amount", () => {
    expect(errorsOf(parseForm(PromotionSchema, {}))).toEqual({
      code: "Code is required",
      label: "Label is required",
      amountCents: "Amount is required",
    });
  });

  it.each([
    ["AB", "Code must be 3 to 40 letters, digits, - or _"],
    ["ABC", null],
    ["A".repeat(40), null],
    ["A".repeat(41), "Code must be 3 to 40 letters, digits, - or _"],
    ["TEN OFF", "Code must be 3 to 40 letters, digits, - or _"],
    ["DIX€", "Code must be 3 to 40 letters, digits, - or _"],
  ])("code %j → %s", (code, message) => {
    const errors = errorsOf(parseForm(PromotionSchema, { ...valid, code }));
    expect(errors.code ?? null).toBe(message);
  });

  it.each([
    ["0", "Amount must be at least 1 cent"],
    ["-500", "Amount must be at least 1 cent"],
    ["10.5", "Amount must be a whole number of cents"],
    ["ten", "Amount must be a whole number of cents"],
    [12.5, "Amount must be a whole number of cents"],
    ["1", null],
  ])("amount %j → %s", (amountCents, message) => {
    const errors = errorsOf(parseForm(PromotionSchema, { ...valid, amountCents }));
    expect(errors.amountCents ?? null).toBe(message);
  });

  it("refuses a malformed expiry date and a usage limit below 1", () => {
    const result = parseForm(PromotionSchema, {
      ...valid,
      expiresAt: "31/12/2026",
      usageLimit: "0",
    });
    expect(errorsOf(result)).toEqual({
      expiresAt: "Enter a valid date (YYYY-MM-DD)",
      usageLimit: "Usage limit must be at least 1",
    });
    expect(errorsOf(parseForm(PromotionSchema, { ...valid, usageLimit: "many" }))).toEqual({
      usageLimit: "Usage limit must be a whole number",
    });
  });
});

describe("PromotionFormSchema (the admin's form: amount in euros)", () => {
  const valid = { code: " Spring-7 ", label: "Spring", amount: "7.5" };

  it("turns euros into cents and keeps the code's case, trimmed", () => {
    expect(parseForm(PromotionFormSchema, valid)).toEqual({
      success: true,
      data: {
        code: "Spring-7",
        label: "Spring",
        amountCents: 750,
        expiresAt: undefined,
        usageLimit: undefined,
      },
    });
  });

  it.each([
    ["10", 1000],
    ["10.05", 1005],
    ["10,5", 1050],
    [" 0.01 ", 1],
    [12, 1200],
    ["100000", 10_000_000],
  ])("amount %j € → %d cents", (amount, cents) => {
    const result = parseForm(PromotionFormSchema, { ...valid, amount });
    expect(result.success && result.data.amountCents).toBe(cents);
  });

  it.each([
    ["", "Amount is required"],
    ["0", "Amount must be at least 0.01 €"],
    ["0.00", "Amount must be at least 0.01 €"],
    ["-5", "Amount must be in euros, e.g. 10 or 7.50"],
    ["10.505", "Amount must be in euros, e.g. 10 or 7.50"],
    ["1e3", "Amount must be in euros, e.g. 10 or 7.50"],
    ["ten", "Amount must be in euros, e.g. 10 or 7.50"],
    ["100000.01", "Amount must be at most 100000 €"],
    [["5"], "Amount must be in euros, e.g. 10 or 7.50"],
  ])("amount %j → %s", (amount, message) => {
    expect(errorsOf(parseForm(PromotionFormSchema, { ...valid, amount }))).toEqual({
      amount: message,
    });
  });

  it("names the form's fields in its errors, and reads expiry and limit", () => {
    expect(errorsOf(parseForm(PromotionFormSchema, {}))).toEqual({
      code: "Code is required",
      label: "Label is required",
      amount: "Amount is required",
    });
    const result = parseForm(PromotionFormSchema, {
      ...valid,
      expiresAt: "2027-01-31",
      usageLimit: "25",
    });
    expect(result.success && result.data).toMatchObject({
      expiresAt: "2027-01-31",
      usageLimit: 25,
    });
    expect(errorsOf(parseForm(PromotionFormSchema, { ...valid, expiresAt: "2027-02-30" }))).toEqual(
      { expiresAt: "Enter a valid date (YYYY-MM-DD)" },
    );
  });
});
