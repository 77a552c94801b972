// What the search knows of a clothing shop's words (docs/decisions/021-search.md): the words
// that name an audience (read as a filter and a boost, not as text) and the synonyms. Kept
// here, in one list each; edit them with docs/product.md §5 "Search".
import { stem } from "./text.ts";

/** The audiences of the catalogue (core/src/catalog/categories.ts has the same names). */
export type Audience = "Men" | "Women" | "Kid" | "Baby";

/**
 * Words that name an audience, folded and without apostrophes ("women's" → "womens",
 * "kids'" → "kids"). Plurals and possessives included.
 */
const AUDIENCE_WORDS: Record<Audience, readonly string[]> = {
  Men: ["men", "mens", "man", "mans", "male", "gents", "gent", "gentlemen", "gentleman"],
  Women: ["women", "womens", "woman", "womans", "womenswear", "female", "ladies", "lady", "ladys"],
  Kid: [
    "kid",
    "kids",
    "child",
    "childs",
    "children",
    "childrens",
    "boy",
    "boys",
    "girl",
    "girls",
    "junior",
    "juniors",
  ],
  Baby: ["baby", "babys", "babies", "infant", "infants", "newborn", "newborns", "toddler"],
};

const AUDIENCE_BY_WORD: ReadonlyMap<string, Audience> = new Map(
  (Object.entries(AUDIENCE_WORDS) as Array<[Audience, readonly string[]]>).flatMap(
    ([audience, list]) => list.map((word): [string, Audience] => [word, audience]),
  ),
);

/** The audience a word names ("womens" → Women), if any. */
export function audienceOf(word: string): Audience | undefined {
  return AUDIENCE_BY_WORD.get(word);
}

/**
 * Words that mean the same garment: any word of a group also finds the others. Written as a
 * shopper types them; "t-shirt", "t shirt", "tshirt" and "tee" are already one word
 * (./text.ts, PHRASES).
 */
const SAME: readonly (readonly string[])[] = [
  ["hoodie", "hoody", "hooded top"],
  ["sweater", "jumper", "pullover"],
  ["trousers", "pants", "slacks"],
  ["joggers", "sweatpants", "tracksuit bottoms"],
  ["sneakers", "trainers"],
  ["raincoat", "rain jacket", "waterproof jacket"],
  ["bodysuit", "onesie", "vest"],
  ["sleepsuit", "babygrow", "pyjamas", "pajamas", "footie"],
  ["booties", "bootees", "baby shoes"],
  ["beanie", "bobble hat", "woolly hat"],
  ["jeans", "denims"],
  ["tshirt", "tshirts"],
  ["cardigan", "cardi"],
  ["dress", "frock"],
  ["parka", "puffer", "down jacket"],
];

/**
 * A broader word also finds narrower ones (not the other way round): "coat" finds the overcoat
 * and the parka, but "overcoat" does not list every coat.
 */
const NARROWER: Readonly<Record<string, readonly string[]>> = {
  coat: ["overcoat", "parka", "duffle", "raincoat"],
  jacket: ["raincoat", "parka"],
  hat: ["cap", "beanie"],
  top: ["tshirt", "shirt", "blouse", "polo"],
  shirt: ["blouse"],
  dress: ["sundress"],
  knitwear: ["sweater", "cardigan", "knit"],
  outerwear: ["jacket", "coat", "parka"],
  bottoms: ["trousers", "jeans", "shorts", "skirt"],
  shoes: ["booties"],
  sweatshirt: ["hoodie", "sweater"],
  romper: ["sleepsuit", "bodysuit"],
};

/** A synonym as stems: one word, or a phrase whose words must all match ("rain jacket"). */
export type Alternative = readonly string[];

const phraseStems = (phrase: string): Alternative => phrase.split(" ").map(stem);

/** Stem of a word → the other ways to say it, as stem lists (never the stem itself). */
const ALTERNATIVES: ReadonlyMap<string, readonly Alternative[]> = (() => {
  const found = new Map<string, Map<string, Alternative>>();
  const add = (from: string, to: string) => {
    const key = phraseStems(from).join(" ");
    const alternative = phraseStems(to);
    if (alternative.join(" ") === key) return;
    let list = found.get(key);
    if (!list) {
      list = new Map();
      found.set(key, list);
    }
    list.set(alternative.join(" "), alternative);
  };
  for (const group of SAME) for (const from of group) for (const to of group) add(from, to);
  for (const [from, list] of Object.entries(NARROWER)) for (const to of list) add(from, to);
  return new Map([...found].map(([key, list]) => [key, [...list.values()]]));
})();

/** The other ways to say a word (given as its stem, or a phrase's stems joined by a space). */
export function alternativesOf(stemmed: string): readonly Alternative[] {
  return ALTERNATIVES.get(stemmed) ?? [];
}
