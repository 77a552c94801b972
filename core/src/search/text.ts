// The words of a product or a search (docs/decisions/021-search.md): the same steps on both
// sides, so a word typed and a word stored meet in one form. Case and accents folded, the
// spellings of a T-shirt made one word, apostrophes dropped ("women's" → "womens"), split into
// letters and digits, each word reduced to its stem by the Porter stemmer (the `stemmer`
// package: "jackets" → "jacket", "dresses" → "dress"). Pure; safe in a browser.
import { stemmer } from "stemmer";

export { normalizeSearch, SEARCH_CONTROL_CLASS, SEARCH_TEXT_MAX_LENGTH } from "./normalize.ts";

/** Lower case without accents: "Piqué" → "pique". */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * Spellings that are one garment written in several words or with a hyphen, made one word
 * before splitting: "t-shirt", "t shirt", "tshirt", "tee" → "tshirt".
 */
const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\bt[\s-]*shirts?\b/g, "tshirt"],
  [/\btees?\b/g, "tshirt"],
  [/\bsweat[\s-]+shirts?\b/g, "sweatshirt"],
  [/\brain[\s-]+coats?\b/g, "raincoat"],
  [/\bbaby[\s-]?grows?\b/g, "babygrow"],
  [/\bone[\s-]+piece\b/g, "onepiece"],
];

/** The folded words of a text, as written (before stemming), in order. */
export function words(text: string): string[] {
  let folded = fold(text).replace(/['’‘`´]/g, "");
  for (const [pattern, replacement] of PHRASES) folded = folded.replace(pattern, replacement);
  return folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
}

/** A word's stem: "jackets" → "jacket", "hoodies" → "hoodi". Digits stay as they are. */
export function stem(word: string): string {
  return /^\p{N}+$/u.test(word) ? word : stemmer(word);
}

/** The stems of a text, for the index. */
export function terms(text: string): string[] {
  return words(text).map(stem);
}

/** Words that carry no meaning in a search for clothes. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "and",
  "the",
  "for",
  "with",
  "in",
  "of",
  "on",
  "to",
  "my",
  "some",
  "no",
  "not",
  "or",
  "by",
  "at",
  "as",
  "is",
  "it",
  "from",
  "such",
  "very",
  "this",
  "that",
]);
