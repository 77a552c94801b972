// Product slugs (the /product/{slug} URL): lower-case letters and digits in words joined by
// single dashes. `slugify` is the rule the admin form uses to propose a slug from the name.

export const SLUG_MAX_LENGTH = 100;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Letters that Unicode does not decompose into a base letter plus accents. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

export function isSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/**
 * "Crème Brûlée T-Shirt (L&M)!" → "creme-brulee-t-shirt-l-and-m": accents dropped, "&" read as
 * "and", every other run of punctuation or spaces one dash, no dash at either end, cut at a word
 * boundary to at most 100 characters. A name with no letters or digits gives "".
 */
export function slugify(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => SPECIAL_LETTERS[letter] ?? "")
    .replace(/&/g, " and ")
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
  let slug = "";
  for (const word of words) {
    const next = slug === "" ? word : `${slug}-${word}`;
    if (next.length > SLUG_MAX_LENGTH) {
      if (slug === "") slug = word.slice(0, SLUG_MAX_LENGTH);
      break;
    }
    slug = next;
  }
  return slug;
}
