// A search's text as the shop keeps it and puts in its URLs (docs/product.md §5 "Search"). A module
// of its own, with no dependency, so the browser's bundle (the navbar's search form, the sort
// form) takes this and nothing of the engine.

/** The most characters of a search the shop reads (docs/product.md §5 "Search"). */
export const SEARCH_TEXT_MAX_LENGTH = 100;

/**
 * A search as the shop keeps it and puts in its URLs: control and format characters taken out,
 * spaces collapsed, trimmed, cut to 100 characters and lower-cased, so "  Linen  SHIRT" and
 * "linen shirt" are one URL (one cache entry). Empty → undefined.
 * web/server/edge-query.ts applies the same rule at the edge.
 */
export function normalizeSearch(value: string | null | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value
    .replace(CONTROL, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_TEXT_MAX_LENGTH)
    .trim()
    .toLowerCase();
  return text === "" ? undefined : text;
}

/**
 * C0 and C1 controls, and invisible format characters (soft hyphen, zero-width and direction
 * marks, BOM), as a character class's contents: web/server/edge-query.ts builds the edge's
 * version of `normalizeSearch` from the same text.
 */
export const SEARCH_CONTROL_CLASS =
  "\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\ufeff";
const CONTROL = new RegExp(`[${SEARCH_CONTROL_CLASS}]`, "g");
