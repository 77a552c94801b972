import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import {
  CustomerSearchSchema,
  customerMatches,
  isWholeEmail,
  searchTerms,
  totalSpentCents,
} from "./customers.ts";

const ana = { firstName: "Ana", lastName: "García", email: "ana.garcia@example.com" };

describe("customer search", () => {
  it("matches every word in the names or the e-mail, ignoring case and accents", () => {
    expect(customerMatches(ana, searchTerms("garcia"))).toBe(true);
    expect(customerMatches(ana, searchTerms("GARCÍA"))).toBe(true);
    expect(customerMatches(ana, searchTerms("ana garcía"))).toBe(true);
    expect(customerMatches(ana, searchTerms("@example.com"))).toBe(true);
    expect(customerMatches(ana, searchTerms("ana lopez"))).toBe(false);
    expect(customerMatches(ana, searchTerms("bob"))).toBe(false);
  });

  it("has no words for an empty search", () => {
    expect(searchTerms("   ")).toEqual([]);
  });

  it("tells a whole e-mail address from part of one", () => {
    expect(isWholeEmail("ana.garcia@example.com")).toBe(true);
    expect(isWholeEmail(" ana.garcia@example.com ")).toBe(true);
    expect(isWholeEmail("ana.garcia@")).toBe(false);
    expect(isWholeEmail("garcia")).toBe(false);
  });

  it("takes an optional search of at most 100 characters", () => {
    expect(parseForm(CustomerSearchSchema, { q: " ana " })).toEqual({
      success: true,
      data: { q: "ana" },
    });
    expect(parseForm(CustomerSearchSchema, {})).toEqual({ success: true, data: { q: undefined } });
    expect(parseForm(CustomerSearchSchema, { q: "x".repeat(101) })).toMatchObject({
      success: false,
      fieldErrors: { q: "Search must be at most 100 characters" },
    });
  });
});

describe("totalSpentCents", () => {
  it("adds paid orders and leaves out unpaid, failed, refunded and refund-due ones", () => {
    expect(
      totalSpentCents([
        { payment: "paid", totalCents: 5000 },
        { payment: "paid", totalCents: 2500 },
        { payment: "awaiting", totalCents: 1000 },
        { payment: "failed", totalCents: 1000 },
        { payment: "canceled", totalCents: 1000 },
        { payment: "paid", totalCents: 700, refundDue: true },
        { payment: "paid", totalCents: 900, refundedAt: "2026-01-01T00:00:00.000Z" },
      ]),
    ).toBe(7500);
    expect(totalSpentCents([])).toBe(0);
  });

  it("takes off what returns refunded", () => {
    expect(
      totalSpentCents([
        { payment: "paid", totalCents: 5000, returnRefundedCents: 2500 },
        { payment: "paid", totalCents: 2500 },
      ]),
    ).toBe(5000);
  });
});
