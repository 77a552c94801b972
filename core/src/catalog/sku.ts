// A variant's SKU and barcode (docs/product.md §9 "Variants"): the SKU the shop suggests, what an
// admin may type, and the GTIN check. Only the admin's product form and the server read them, so
// they are a module of their own, outside the storefront's shell (web/vite.chunks.ts).
// Browser-safe.

/** A SKU: upper-case letters, digits and hyphens, 1 to 64, starting with a letter or digit. */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,63}$/;

/** What an admin types, as stored: trimmed, upper case, spaces as hyphens. */
export function normaliseSku(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, "-");
}

/**
 * The SKU the shop suggests for a variant: its product's slug, colour and size, upper case
 * ("pique-polo-shirt", "navy", "M" → "PIQUE-POLO-SHIRT-NAVY-M"), cut to 64 characters from the
 * slug's end so that colour and size always show. Unique across the shop as long as slugs are;
 * the table holds each SKU once whatever it is (a claim per SKU).
 */
export function suggestSku(slug: string, colour: string, size: string): string {
  const tail = `-${colour}-${size}`.toUpperCase().replace(/[^A-Z0-9-]+/g, "-");
  const head = slug
    .toUpperCase()
    .replace(/[^A-Z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${head.slice(0, 64 - tail.length)}${tail}`.replace(/-{2,}/g, "-");
}

/** The SKUs that occur more than once in this list, each once, in first-seen order. */
export function duplicateSkus(skus: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const sku of skus) (seen.has(sku) ? repeated : seen).add(sku);
  return [...repeated];
}

/** A GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14): 8, 12, 13 or 14 digits with a valid check digit. */
export function isGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop() as number;
  const sum = digits
    .reverse()
    .reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
