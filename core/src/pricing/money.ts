// Money display and parsing (docs/product.md §9 "Currencies"): prices are EUR cents,
// USD is display-only at × 1.1. Formatted by hand: Intl output may hold U+202F, which the
// invoice PDF's font cannot draw. No thousands separator: "1234.50 €", "$1357.95".

export type Currency = "EUR" | "USD";

export interface CurrencyOption {
  readonly name: Currency;
  /** Path of the flag image shown in the currency switch. */
  readonly flag: string;
}

export const CURRENCIES: readonly CurrencyOption[] = [
  { name: "EUR", flag: "/flags/eu.svg" },
  { name: "USD", flag: "/flags/us.svg" },
];

export const DEFAULT_CURRENCY: Currency = "EUR";

/** Dollars shown per euro. */
export const USD_RATE = 1.1;

/** EUR cents converted to USD cents for display, rounded to the cent (half a cent rounds up). */
export function toUsdCents(eurCents: number): number {
  // Integer arithmetic (cents × 110 / 100) so that e.g. 1005 → 1105.5 → 1106 exactly.
  const rateHundredths = Math.round(USD_RATE * 100);
  const sign = eurCents < 0 ? -1 : 1;
  return sign * Math.round((Math.abs(eurCents) * rateHundredths) / 100);
}

/**
 * A price for display: EUR "12.50 €" (a plain space before €), USD "$13.75".
 * Negative amounts keep their sign in front: "-5.00 €", "-$5.50". A non-finite amount shows as 0.
 */
export function formatPrice(cents: number, currency: Currency = "EUR"): string {
  const safe = Number.isFinite(cents) ? Math.round(cents) : 0;
  const shown = currency === "USD" ? toUsdCents(safe) : safe;
  const sign = shown < 0 ? "-" : "";
  const digits = twoDecimals(Math.abs(shown));
  return currency === "USD" ? `${sign}$${digits}` : `${sign}${digits} €`;
}

function twoDecimals(absCents: number): string {
  const units = Math.floor(absCents / 100);
  const rest = absCents % 100;
  return `${units}.${rest.toString().padStart(2, "0")}`;
}

/** Reads a stored currency preference; anything unknown gives the default (EUR). */
export function parseCurrency(value: unknown): Currency {
  if (typeof value !== "string") return DEFAULT_CURRENCY;
  const upper = value.trim().toUpperCase();
  return CURRENCIES.find((option) => option.name === upper)?.name ?? DEFAULT_CURRENCY;
}

const EUROS = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/**
 * Euros typed in an admin form, as cents: "12.5" → 1250, "12,50" → 1250, "12" → 1200.
 * Negative amounts, more than two decimals, thousands separators or anything else → null.
 */
export function eurosToCents(input: string | number): number | null {
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) return null;
    const cents = Math.round(input * 100);
    if (Math.abs(cents - input * 100) > 1e-6 || !Number.isSafeInteger(cents)) return null;
    return cents;
  }
  if (typeof input !== "string") return null;
  const match = EUROS.exec(input.trim());
  if (!match) return null;
  const [, units = "0", decimals = ""] = match;
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}
