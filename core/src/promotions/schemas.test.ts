import { describe, expect, it } from "vitest";
import { parseForm } from "../shared/forms.ts";
import { PromotionCodeSchema, PromotionSchema } from "./schemas.ts";

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
