// The product search (docs/product.md §5 "Search", docs/decisions/021-search.md): one index per
// catalogue version over each product's name, description and colours (./colours.ts: the colours
// its photos' alt texts name, with their families), built with MiniSearch (an
// inverted index in a radix tree, with BM25 scoring, prefix and Levenshtein fuzzy lookups).
// This module decides what a shopper's words mean before MiniSearch looks them up:
//
// - Words are folded and stemmed the same way on both sides (./text.ts).
// - Audience words ("women's", "kids", "mens") are taken out of the text: they filter the
//   audience in the catalogue and rank that audience first (./vocabulary.ts).
// - Each remaining word is looked up on its own, the last one also as a prefix (the shopper may
//   still be typing it), with typos (one edit from 4 letters, two from 8; a swap of two
//   letters counts as one; only for words the catalogue does not hold, so "shirt" never finds
//   a skirt) and synonyms.
//   A product's score is the sum over the words it matches, and products matching every word
//   come before those matching only some.
//
// Pure and in memory; nothing here reads the table. Safe in a browser, though the shop runs it
// on the server only.
import MiniSearch, { type Query, type SearchResult } from "minisearch";
import { normalizeSearch, STOP_WORDS, stem, words } from "./text.ts";
import { type Alternative, type Audience, alternativesOf, audienceOf } from "./vocabulary.ts";

/** What the index reads of a product. */
export interface SearchDocument {
  id: string;
  name: string;
  audience: Audience;
  description: string;
  /** The colours it comes in, with their families ("sky blue blue"): ./colours.ts ColourWords.indexText. */
  colours?: string;
}

/** One product found. */
export interface SearchHit {
  id: string;
  /** Higher is better; only comparable within one answer. */
  score: number;
  /** How many of the search's words it matches (audience words not counted). */
  matchedWords: number;
  /** How many of them it matches as typed (a prefix or a typo of it), not only by a synonym. */
  directWords: number;
  /** It belongs to an audience the search names. */
  inAudience: boolean;
  /** The index's terms (stems) it matched: what to mark in its name (see `highlight`). */
  terms: readonly string[];
}

export interface SearchAnswer {
  /**
   * Best first: every word matched before some, then the audience named, then words matched as
   * typed before those matched by a synonym only, then the score.
   */
  hits: SearchHit[];
  /** The audiences the search names ("womens dresses" → Women). */
  audiences: Audience[];
  /** The words searched for, audience and stop words left out, as typed (folded). */
  words: string[];
  /** When nothing matched: a corrected search that finds something ("jakcet" → "jacket"). */
  suggestion?: string;
}

/**
 * Field weights: the name counts three times as much as the description, a colour twice (a
 * colour named is most of what a shopper means: "blue shirt" wants the blue one first).
 */
const BOOST = { name: 3, description: 1, colours: 2 } as const;
/** A synonym's match counts a little less than the word typed. */
const SYNONYM_WEIGHT = 0.8;
/** A swap of two letters ("jackte") counts as MiniSearch counts a one-edit typo. */
const SWAP_WEIGHT = 0.45;
/** The most words of a search looked up (100 characters make at most 50 words). */
const MAX_WORDS = 10;

/** The edits allowed for a typo in a word of this many letters. */
export function editsAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

interface ParsedWord {
  /** Folded, as typed. */
  word: string;
  stem: string;
}

/** A search's words and audiences (see the module's comment). */
export function parseSearch(text: string | null | undefined): {
  words: ParsedWord[];
  audiences: Audience[];
} {
  const audiences = new Set<Audience>();
  const parsed: ParsedWord[] = [];
  const seen = new Set<string>();
  for (const word of words(normalizeSearch(text) ?? "")) {
    const audience = audienceOf(word);
    if (audience) {
      audiences.add(audience);
      continue;
    }
    if (STOP_WORDS.has(word)) continue;
    const stemmed = stem(word);
    if (seen.has(stemmed)) continue;
    seen.add(stemmed);
    parsed.push({ word, stem: stemmed });
  }
  return { words: parsed.slice(0, MAX_WORDS), audiences: [...audiences] };
}

/** A part of a product's name, marked when it matched the search. */
export interface NamePart {
  text: string;
  mark: boolean;
}

/**
 * A product's name cut into parts, the words whose stem is among `terms` marked: the live
 * results' <mark>. "Kids' Waterproof Rain Jacket" with terms ["jacket"] → … "Rain ", [Jacket].
 */
export function highlight(name: string, terms: readonly string[]): NamePart[] {
  const wanted = new Set(terms);
  const parts: NamePart[] = [];
  for (const chunk of name.split(/(\s+)/)) {
    if (chunk === "") continue;
    const mark = /\S/.test(chunk) && words(chunk).some((word) => wanted.has(stem(word)));
    const last = parts.at(-1);
    if (last && (last.mark === mark || (!/\S/.test(chunk) && !last.mark))) last.text += chunk;
    else parts.push({ text: chunk, mark });
  }
  return parts;
}

/** The shape `toJSON` writes; a new engine version changes SEARCH_ENGINE_VERSION. */
export interface SavedSearch {
  version: number;
  documents: Array<[id: string, audience: Audience]>;
  surfaces: Record<string, Array<[word: string, count: number]>>;
  index: unknown;
}

/** The saved index's format (2: the colours field): an index of another version is refused. */
export const SEARCH_ENGINE_VERSION = 2;

export class ProductSearch {
  private readonly index: MiniSearch<SearchDocument>;
  /** Every document's id and audience, in the order given (audience-only searches list them). */
  private readonly documents: ReadonlyArray<{ id: string; audience: Audience }>;
  /** Stem → how often each folded word was seen with it (to write a suggestion in words). */
  private readonly surfaces: Map<string, Map<string, number>>;
  private readonly audienceOfId: ReadonlyMap<string, Audience>;

  private constructor(documents: readonly SearchDocument[], saved?: SavedSearch) {
    this.documents = saved
      ? saved.documents.map(([id, audience]) => ({ id, audience }))
      : documents.map(({ id, audience }) => ({ id, audience }));
    this.audienceOfId = new Map(this.documents.map((doc) => [doc.id, doc.audience]));
    this.surfaces = new Map(
      Object.entries(saved?.surfaces ?? {}).map(([key, seen]) => [key, new Map(seen)]),
    );
    const options = {
      fields: ["name", "description", "colours"],
      storeFields: [],
      tokenize: (text: string) => words(text),
      processTerm: (word: string) => {
        const stemmed = stem(word);
        let seen = this.surfaces.get(stemmed);
        if (!seen) {
          seen = new Map();
          this.surfaces.set(stemmed, seen);
        }
        seen.set(word, (seen.get(word) ?? 0) + 1);
        return stemmed;
      },
      searchOptions: {
        // The terms given to MiniSearch are already stems (see `lookUp`).
        tokenize: (text: string) => [text],
        processTerm: (term: string) => term,
        boost: { ...BOOST },
      },
    };
    if (saved) {
      this.index = MiniSearch.loadJS<SearchDocument>(saved.index as never, options);
    } else {
      this.index = new MiniSearch<SearchDocument>(options);
      this.index.addAll(documents);
    }
  }

  /** Builds the index of these products: once per catalogue version. */
  static build(documents: readonly SearchDocument[]): ProductSearch {
    return new ProductSearch(documents);
  }

  /** An index saved by `toJSON` (and parsed), as it was: no product is read again. */
  static load(saved: SavedSearch): ProductSearch {
    if (saved?.version !== SEARCH_ENGINE_VERSION) {
      throw new Error(
        `A saved search index of version ${saved?.version}, not ${SEARCH_ENGINE_VERSION}`,
      );
    }
    return new ProductSearch([], saved);
  }

  /** How many products it holds. */
  get size(): number {
    return this.documents.length;
  }

  /** The index as a plain object for JSON.stringify (to measure it, or to store it). */
  toJSON(): SavedSearch {
    return {
      version: SEARCH_ENGINE_VERSION,
      documents: this.documents.map(({ id, audience }) => [id, audience]),
      surfaces: Object.fromEntries([...this.surfaces].map(([key, seen]) => [key, [...seen]])),
      index: this.index.toJSON(),
    };
  }

  /** Searches. Text already normalised or not; never throws on any text. */
  search(text: string | null | undefined): SearchAnswer {
    const { words: parsed, audiences } = parseSearch(text);
    const answer: SearchAnswer = {
      hits: this.hits(parsed, audiences),
      audiences,
      words: parsed.map((word) => word.word),
    };
    if (answer.hits.length === 0 && parsed.length > 0) {
      const suggestion = this.suggest(text ?? "", parsed);
      if (suggestion) answer.suggestion = suggestion;
    }
    return answer;
  }

  private hits(parsed: readonly ParsedWord[], audiences: readonly Audience[]): SearchHit[] {
    const wanted = new Set(audiences);
    const audienceOfId = this.audienceOfId;
    if (parsed.length === 0) {
      // Only audience words ("womens"): that audience's products, in the catalogue's order.
      return this.documents
        .filter((doc) => wanted.has(doc.audience))
        .map((doc) => ({
          id: doc.id,
          score: 0,
          matchedWords: 0,
          directWords: 0,
          inAudience: true,
          terms: [],
        }));
    }
    const found = new Map<string, SearchHit & { terms: string[] }>();
    for (const [at, word] of parsed.entries()) {
      const { direct, synonyms } = this.lookUp(word, at === parsed.length - 1);
      const directIds = new Set<string>();
      for (const [results, weight] of [
        [direct, 1],
        [synonyms, SYNONYM_WEIGHT],
      ] as const) {
        for (const result of results) {
          const id = result.id as string;
          let hit = found.get(id);
          if (!hit) {
            const audience = audienceOfId.get(id);
            hit = {
              id,
              score: 0,
              matchedWords: 0,
              directWords: 0,
              inAudience: audience !== undefined && wanted.has(audience),
              terms: [],
            };
            found.set(id, hit);
          }
          if (weight === 1) {
            directIds.add(id);
            hit.directWords += 1;
            hit.matchedWords += 1;
            hit.score += result.score;
          } else if (!directIds.has(id)) {
            // A synonym counts only where the word itself did not match.
            hit.matchedWords += 1;
            hit.score += result.score * weight;
          }
          for (const term of result.terms) if (!hit.terms.includes(term)) hit.terms.push(term);
        }
      }
    }
    return [...found.values()].sort(
      (a, b) =>
        b.matchedWords - a.matchedWords ||
        Number(b.inAudience) - Number(a.inAudience) ||
        b.directWords - a.directWords ||
        b.score - a.score ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  }

  /** The products one word finds: itself (prefix and typos) and its swaps; its synonyms. */
  private lookUp(
    word: ParsedWord,
    last: boolean,
  ): { direct: SearchResult[]; synonyms: SearchResult[] } {
    const queries: Query[] = [
      {
        queries: [word.stem],
        // The last word may be one the shopper is still typing.
        prefix: last && word.stem.length >= 2,
        fuzzy: typoEdits(word, this.surfaces),
      },
    ];
    const swaps = this.swapsOf(word);
    if (swaps.length > 0) {
      queries.push({ queries: swaps, prefix: false, fuzzy: false, boost: scaled(SWAP_WEIGHT) });
    }
    const alternatives = alternativesOf(word.stem).map(synonymQuery);
    return {
      direct: this.index.search({ combineWith: "OR", queries }),
      synonyms:
        alternatives.length > 0
          ? this.index.search({ combineWith: "OR", queries: alternatives })
          : [],
    };
  }

  /** Known stems one swap of neighbouring letters away ("jackte" → "jacket"). */
  private swapsOf({ word, stem: stemmed }: ParsedWord): string[] {
    if (typoEdits({ word, stem: stemmed }, this.surfaces) === 0) return [];
    const swaps = new Set<string>();
    for (let i = 0; i + 1 < word.length; i++) {
      if (word[i] === word[i + 1]) continue;
      const swapped = stem(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
      if (swapped !== stemmed && this.surfaces.has(swapped)) swaps.add(swapped);
    }
    return [...swaps];
  }

  /**
   * A corrected search, when one word or more is further off than a typo allows: each word
   * with no product of its own is replaced by the nearest word of the catalogue (two edits,
   * from 3 letters), and the correction is offered only if it finds something.
   */
  private suggest(text: string, parsed: readonly ParsedWord[]): string | undefined {
    const replacements = new Map<string, string>();
    for (const word of parsed) {
      if (word.word.length < 3) continue;
      const weights = new Map<string, number>();
      const results = this.index.search(word.stem, {
        fields: ["name"],
        fuzzy: Math.min(2, word.word.length - 1),
        prefix: false,
      });
      for (const result of results.slice(0, 20)) {
        for (const term of result.terms) weights.set(term, (weights.get(term) ?? 0) + result.score);
      }
      const best = [...weights].sort((a, b) => b[1] - a[1])[0]?.[0];
      const surface = best ? this.surfaceOf(best) : undefined;
      if (surface && surface !== word.word) replacements.set(word.word, surface);
    }
    if (replacements.size === 0) return undefined;
    const corrected = words(normalizeSearch(text) ?? "")
      .map((word) => replacements.get(word) ?? word)
      .join(" ");
    const check = parseSearch(corrected);
    return this.hits(check.words, check.audiences).length > 0 ? corrected : undefined;
  }

  /** The word most often written for a stem ("jacket" for "jacket", "hoodie" for "hoodi"). */
  private surfaceOf(stemmed: string): string | undefined {
    const seen = this.surfaces.get(stemmed);
    if (!seen) return undefined;
    return [...seen].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]?.[0];
  }
}

/**
 * The edits a word may be off by: none for a word the catalogue knows (taken as meant: "shirt"
 * is not a typo of "skirt") or one with digits (a number is not a typo of another); else
 * `editsAllowed`.
 */
function typoEdits(word: ParsedWord, known: ReadonlyMap<string, unknown>): number {
  if (known.has(word.stem) || /\p{N}/u.test(word.word)) return 0;
  return editsAllowed(word.word.length);
}

function scaled(weight: number): Record<string, number> {
  return { name: BOOST.name * weight, description: BOOST.description * weight };
}

/** A synonym: its word, or every word of its phrase ("rain jacket"), exactly. */
function synonymQuery(alternative: Alternative): Query {
  return {
    combineWith: "AND",
    queries: [...alternative],
    prefix: false,
    fuzzy: false,
  };
}
