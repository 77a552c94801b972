// The local test gateway's card form (docs/architecture.md §4): fields "Card number", "Expiry" (MM/YY) and
// "CVC", checked like a card form would (Luhn, expiry not past, 3–4 digit CVC), and the test
// cards that behave like Stripe's test mode. Pure and browser-safe: the checkout can check a card
// as it is typed, and the server checks it again.
import * as v from "valibot";
import type { ParseFormResult } from "../common/forms.ts";
import { parseForm } from "../common/forms.ts";

export const CARD_NUMBER_INVALID = "Enter a valid card number";
export const EXPIRY_FORMAT = "Enter the expiry as MM/YY";
export const CARD_EXPIRED = "Your card has expired";
export const CVC_INVALID = "CVC must be 3 or 4 digits";

/** Messages of the test cards that fail (Stripe's own wording). */
export const CARD_DECLINED = "Your card was declined.";
export const INSUFFICIENT_FUNDS = "Your card has insufficient funds.";

/** Test cards (docs/architecture.md §4). Any other valid number succeeds, like 4242 4242 4242 4242. */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export interface Card {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits, e.g. 2028. */
  expYear: number;
  cvc: string;
}

export type CardOutcome =
  | { ok: true }
  | { ok: false; code: "card_declined" | "insufficient_funds"; message: string };

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "4242 4242-4242 4242" → "4242424242424242" (spaces and dashes as people type them). */
export function normalizeCardNumber(text: string): string {
  return text.replace(/[\s-]/g, "");
}

/** "MM/YY" (also "MM / YY", "MM/YYYY") → month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? "";
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

const text = (label: string, max: number) =>
  v.nullish(
    v.pipe(
      v.string(`${label} must be text`),
      v.trim(),
      v.nonEmpty(`${label} is required`),
      v.maxLength(max, `${label} is too long`),
    ),
    "",
  );

/** The card form's schema; `now` decides whether the expiry is past. */
export function cardSchema(now: Date = new Date()) {
  return v.object({
    cardNumber: v.pipe(
      text("Card number", 40),
      v.transform(normalizeCardNumber),
      v.check((n) => /^[0-9]{12,19}$/.test(n) && luhnValid(n), CARD_NUMBER_INVALID),
    ),
    expiry: v.pipe(
      text("Expiry", 10),
      v.check((e) => parseExpiry(e) !== null, EXPIRY_FORMAT),
      v.check((e) => {
        const expiry = parseExpiry(e);
        return expiry !== null && !isExpired(expiry, now);
      }, CARD_EXPIRED),
    ),
    cvc: v.pipe(
      text("CVC", 10),
      v.check((c) => /^[0-9]{3,4}$/.test(c), CVC_INVALID),
    ),
  });
}

/** Checks a submitted card form: field errors keyed cardNumber / expiry / cvc, or the card. */
export function parseCard(input: unknown, now: Date = new Date()): ParseFormResult<Card> {
  const record =
    typeof input === "object" && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const result = parseForm(cardSchema(now), record);
  if (!result.success) return result;
  const expiry = parseExpiry(result.data.expiry);
  if (!expiry) return { success: false, fieldErrors: { expiry: EXPIRY_FORMAT } };
  return {
    success: true,
    data: {
      number: result.data.cardNumber,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: result.data.cvc,
    },
  };
}

/** What the local test gateway does with a (valid) card. */
export function testCardOutcome(card: Pick<Card, "number">): CardOutcome {
  if (card.number === TEST_CARDS.declined) {
    return { ok: false, code: "card_declined", message: CARD_DECLINED };
  }
  if (card.number === TEST_CARDS.insufficientFunds) {
    return { ok: false, code: "insufficient_funds", message: INSUFFICIENT_FUNDS };
  }
  return { ok: true };
}
