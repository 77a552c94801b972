// The search's figures for `npm run bench` (docs/decisions/021-search.md), in the process: the
// index over the seeded catalogue and over it plus the benchmark's added products (the same
// names and colours as scripts/bench.ts adds: scripts/lib/bench-variants.ts), built, saved and
// loaded again, and queried with the query set (scripts/seed-data/search-queries.ts) and every
// prefix of it as the live search sees it while a shopper types.
import { performance } from "node:perf_hooks";
import { gunzipSync, gzipSync } from "node:zlib";
import { colourIndexText, colourIndexTextOf } from "@shop/core/catalog";
import { ProductSearch, type SearchDocument } from "@shop/core/search";
import { SEARCH_QUERIES, SEED_PRODUCTS } from "../seed-data/index.ts";
import {
  BENCH_DESCRIPTION,
  benchProductAudience,
  benchProductColours,
  benchProductName,
} from "./bench-variants.ts";

export interface SearchFigures {
  products: number;
  /** Median of three builds. */
  buildMs: number;
  jsonBytes: number;
  gzipBytes: number;
  /**
   * Gunzip, JSON.parse and load of the published object (what a site pays at its cold start, on
   * its first search, and in the background after each publication).
   */
  loadMs: number;
  searches: number;
  p50Ms: number;
  p99Ms: number;
}

function documents(extra: number): SearchDocument[] {
  return [
    ...SEED_PRODUCTS.map((p) => ({
      id: p.slug,
      name: p.name,
      audience: p.category,
      description: p.description,
      colours: colourIndexTextOf(p),
    })),
    ...Array.from({ length: extra }, (_, i) => ({
      id: `bench-${i}`,
      name: benchProductName(i),
      audience: benchProductAudience(i),
      description: BENCH_DESCRIPTION,
      colours: colourIndexText(benchProductColours(i)),
    })),
  ];
}

/** The texts searched: each query, and each of its prefixes from 2 characters (typing). */
export function searchTexts(): string[] {
  const texts: string[] = [];
  for (const [query] of SEARCH_QUERIES) {
    for (let end = 2; end < query.length; end++) texts.push(query.slice(0, end));
    texts.push(query);
  }
  return texts;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export function measureSearch(extra: number, rounds = 5): SearchFigures {
  const docs = documents(extra);
  const builds: number[] = [];
  let index = ProductSearch.build(docs);
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    index = ProductSearch.build(docs);
    builds.push(performance.now() - started);
  }
  const json = JSON.stringify(index);
  const gzipped = gzipSync(json);
  const loads: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    ProductSearch.load(JSON.parse(gunzipSync(gzipped).toString("utf8")));
    loads.push(performance.now() - started);
  }
  const texts = searchTexts();
  for (const text of texts) index.search(text); // warm the JIT
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const text of texts) {
      const started = performance.now();
      index.search(text);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return {
    products: docs.length,
    buildMs: median(builds),
    jsonBytes: Buffer.byteLength(json),
    gzipBytes: gzipped.length,
    loadMs: median(loads),
    searches: times.length,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
  };
}

/** The figures as lines, with the targets. */
export function searchReport(figures: SearchFigures[], verdict: (ok: boolean) => string): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const lines = figures.map(
    (f) =>
      `  ${String(f.products).padStart(6)} products: search p50 ${f.p50Ms.toFixed(2)} ms, p99 ${f.p99Ms.toFixed(2)} ms (${f.searches} searches); ` +
      `index built in ${f.buildMs.toFixed(0)} ms, ${mb(f.jsonBytes)} as JSON, ${mb(f.gzipBytes)} gzip, loaded from its published copy in ${f.loadMs.toFixed(0)} ms`,
  );
  const worst = Math.max(...figures.map((f) => f.p99Ms));
  const biggest = figures.reduce((a, b) => (b.products > a.products ? b : a));
  lines.push(
    `${verdict(worst <= 10)}  search in the process: p99 ${worst.toFixed(2)} ms (target ≤ 10 ms)`,
    `${verdict(biggest.gzipBytes <= 2 * 1024 * 1024)}  search index at ${biggest.products} products: ${mb(biggest.gzipBytes)} gzip (target ≤ 2 MB)`,
    `    its cost in a cold start: the published index loaded (gunzip, parse, load) on the first search in ${biggest.loadMs.toFixed(0)} ms, where building it there would take ${biggest.buildMs.toFixed(0)} ms`,
  );
  return lines.join("\n");
}
