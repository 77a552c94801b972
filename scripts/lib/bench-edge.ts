// npm run bench, the edge part (docs/decisions/018-edge-cache.md): a replay of visitors through the
// shared-cache stand-in (packages/local-cloud/src/shared-cache.ts) in front of the running shop.
// Anonymous views follow a skewed popularity (Zipf: a few products and catalogue views take most
// of them, like a shop's traffic) over product pages, catalogue views (categories, price bands,
// sorts, pages; some with their parameters in another order or a tracking parameter, which the
// key's normalisation folds together) and the static pages; a share of the views are a signed-in
// customer's (a real session cookie), which must never be served from an anonymous entry. Then an
// admin changes a price through core, and the time until the cached product page and catalogue
// page show it is measured through the cache.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isPurgeCandidate } from "@shop/core/edge-cache";
import { formatPrice } from "@shop/core/pricing";
import { catalogSummaries, getProductBySlug, updateProduct } from "@shop/core/server/catalog";
import type { Context } from "@shop/core/server/context";
import {
  type CloudFrontStandIn,
  type SharedCache,
  startCloudFrontStandIn,
  startSharedCache,
  startStreamDelivery,
} from "@shop/local-cloud";

export interface View {
  path: string;
  signedIn: boolean;
}

export interface ReplayFigures {
  anonymousViews: number;
  signedInViews: number;
  /** Requests the cache sent to the shop for anonymous views (misses, refreshes). */
  anonymousOriginRequests: number;
  /** Distinct anonymous URLs once normalised: each one's first view cannot be a hit. */
  distinctAnonymousUrls: number;
  /** Every view's time to its last byte, ms. */
  p50: number;
  p99: number;
  /** Views answered other than 2xx/3xx/304. */
  errors: number;
  xCache: Record<string, number>;
  /** Signed-in views answered from the cache: must be none. */
  signedInFromCache: number;
  seconds: number;
}

/** A small seeded generator (mulberry32): the same replay on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks ranks 0..n-1 with probability ∝ 1/(rank+1)^s. */
export function zipf(n: number, s: number, random: () => number): () => number {
  const cdf: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= n; rank++) {
    total += 1 / rank ** s;
    cdf.push(total);
  }
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] ?? total) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const CATEGORIES = ["women", "men", "kid", "baby"];
const SORTS = ["", "price-asc", "price-desc", "name-asc", "rating", "name-desc"];
const PRICES = ["", "25-50", "50-100", "under-25", "100-200", "200-plus"];
export const STATIC_PAGES = [
  "/company/who-we-are",
  "/customer-service/faq",
  "/customer-service/shipping",
  "/customer-service/returns",
  "/customer-service/contact",
  "/company",
  "/customer-service",
  "/customer-service/find-a-store",
  "/customer-service/secure-payment",
  "/customer-service/warranty",
  "/company/privacy",
  "/company/terms-and-conditions",
];

/** Catalogue views, most popular first: the plain catalogue, a category, then narrower views. */
export function catalogueViews(): Array<Record<string, string>> {
  const views: Array<Record<string, string>> = [{}];
  for (const category of CATEGORIES) views.push({ category });
  for (const page of ["2", "3"]) views.push({ page });
  for (const sort of SORTS.filter(Boolean)) views.push({ sort });
  for (const category of CATEGORIES) {
    for (const sort of SORTS) {
      for (const price of PRICES) {
        if (!sort && !price) continue;
        views.push({ category, ...(sort ? { sort } : {}), ...(price ? { price } : {}) });
      }
    }
    for (const page of ["2", "3", "4"]) views.push({ category, page });
  }
  for (const search of ["shirt", "dress", "linen", "jeans"]) views.push({ search });
  return views;
}

/** A catalogue view's URL as a visitor might send it: sometimes reordered, sometimes tracked. */
function catalogueUrl(params: Record<string, string>, random: () => number): string {
  const pairs = Object.entries(params);
  if (random() < 0.2) pairs.reverse();
  if (random() < 0.1) pairs.push(["utm_source", "newsletter"]);
  const query = new URLSearchParams(pairs).toString();
  return `/product${query ? `?${query}` : ""}`;
}

/**
 * `anonymous` anonymous views and, on top, signed-in views making `signedInShare` of the total:
 * half product pages, a third catalogue views, the rest static pages and the live search.
 */
export function buildViews(opts: {
  productSlugs: string[];
  anonymous: number;
  signedInShare: number;
  seed?: number;
}): View[] {
  const random = seededRandom(opts.seed ?? 18);
  const product = zipf(opts.productSlugs.length, 1, random);
  const catalogue = catalogueViews();
  const catalogueRank = zipf(catalogue.length, 1, random);
  const staticRank = zipf(STATIC_PAGES.length, 1, random);
  const searches = ["shirt", "dress", "jeans", "linen", "hoodie", "sweater", "kid", "soft"];
  const searchRank = zipf(searches.length, 1, random);
  const one = (): string => {
    const kind = random();
    if (kind < 0.5) return `/product/${opts.productSlugs[product()]}`;
    if (kind < 0.83) return catalogueUrl(catalogue[catalogueRank()] ?? {}, random);
    if (kind < 0.95) return STATIC_PAGES[staticRank()] ?? "/company";
    return `/api/search?q=${searches[searchRank()]}`;
  };
  const signedIn = Math.round((opts.anonymous * opts.signedInShare) / (1 - opts.signedInShare));
  const total = opts.anonymous + signedIn;
  const views: View[] = [];
  let signedInLeft = signedIn;
  for (let i = 0; i < total; i++) {
    // Spread the signed-in views evenly through the replay.
    const personal = signedInLeft > 0 && random() < signedInLeft / (total - i);
    if (personal) signedInLeft--;
    views.push({ path: one(), signedIn: personal });
  }
  return views;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Replays `views` through the cache with `concurrency` visitors at a time. */
export async function replay(
  cache: SharedCache,
  views: View[],
  opts: {
    concurrency: number;
    sessionCookie: string;
    normaliseQuery: (pathname: string, search: string) => string;
  },
): Promise<ReplayFigures> {
  const started = Date.now();
  const before = cache.stats();
  const latencies: number[] = [];
  const xCache: Record<string, number> = {};
  let errors = 0;
  let signedInFromCache = 0;
  let next = 0;
  const visitor = async () => {
    while (next < views.length) {
      const view = views[next++] as View;
      const t0 = performance.now();
      const res = await fetch(cache.url + view.path, {
        headers: {
          "accept-encoding": "br, gzip",
          ...(view.signedIn ? { cookie: opts.sessionCookie } : {}),
        },
        redirect: "manual",
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      const answer = res.headers.get("x-cache") ?? "none";
      xCache[answer] = (xCache[answer] ?? 0) + 1;
      if (res.status >= 400) errors++;
      // Answered from a kept entry (an "Error" is the site's failure, counted above).
      if (view.signedIn && answer !== "Miss" && answer !== "Error") signedInFromCache++;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, visitor));
  const after = cache.stats();
  latencies.sort((a, b) => a - b);
  const signedInViews = views.filter((v) => v.signedIn).length;
  const distinct = new Set(
    views
      .filter((v) => !v.signedIn)
      .map((v) => {
        const url = new URL(v.path, "http://shop.invalid");
        return url.pathname + opts.normaliseQuery(url.pathname, url.search);
      }),
  );
  const personal = after.personalOriginRequests - before.personalOriginRequests;
  return {
    anonymousViews: views.length - signedInViews,
    signedInViews,
    anonymousOriginRequests: after.originRequests - before.originRequests - personal,
    distinctAnonymousUrls: distinct.size,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    xCache,
    signedInFromCache,
    seconds: (Date.now() - started) / 1000,
  };
}

/** Signs the customer in through the cache (a write: passed to the shop); answers `sid=…`. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/sign-in`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", email, password }),
    redirect: "manual",
  });
  const sid = res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("sid="));
  if (res.status !== 303 || !sid) throw new Error(`signing ${email} in answered ${res.status}`);
  return sid;
}

/**
 * Time from `change` (an admin's edit) until every one of `pages`, fetched through the cache,
 * contains `expected`; undefined past `timeoutMs`.
 */
export async function timeUntilShown(
  cache: SharedCache,
  pages: string[],
  expected: string,
  change: () => Promise<unknown>,
  timeoutMs: number,
): Promise<Map<string, number | undefined>> {
  const started = performance.now();
  await change();
  const shown = new Map<string, number | undefined>();
  await Promise.all(
    pages.map(async (page) => {
      for (;;) {
        const text = await (await fetch(cache.url + page)).text();
        const elapsed = performance.now() - started;
        if (text.includes(expected)) return void shown.set(page, elapsed);
        if (elapsed > timeoutMs) return void shown.set(page, undefined);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }),
  );
  return shown;
}

export interface EdgeBenchOptions {
  /** The running shop. */
  base: string;
  /** A core Context on the shop's table (the admin's edit goes through core). */
  ctx: Context;
  /** The viewer-request function's rule (web/server/edge-query.ts). */
  normaliseQuery: (pathname: string, search: string) => string;
  anonymousViews: number;
  signedInShare: number;
  concurrency: number;
  customer: { email: string; password: string };
  /** The product whose price the admin changes. */
  productSlug: string;
  /**
   * Connects the table's changes to the cache's purge (edgePurgeWiring); answers how to
   * disconnect. Absent: nothing purges the cache.
   */
  wirePurge?: (cache: SharedCache) => Promise<() => Promise<void>>;
  log: (line: string) => void;
}

export interface EdgeBench {
  /** What to print. */
  lines: string[];
  /** Origin requests per 1,000 anonymous views, from a cold cache and once it is warm. */
  perThousand: { cold: number; warm: number };
}

/** The replay and the time an edit takes to show through the cache. */
export async function runEdgeBench(opts: EdgeBenchOptions): Promise<EdgeBench> {
  const cache = await startSharedCache({
    origin: opts.base,
    normaliseQuery: opts.normaliseQuery,
    log: opts.log,
  });
  let unwire: (() => Promise<void>) | undefined;
  try {
    const sessionCookie = await signIn(cache.url, opts.customer.email, opts.customer.password);
    // The seeded products first (the most popular), then the rest.
    const slugs = (await catalogSummaries(opts.ctx)).map((p) => p.slug);
    slugs.sort((a, b) => Number(a.startsWith("bench-")) - Number(b.startsWith("bench-")));
    const views = buildViews({
      productSlugs: slugs,
      anonymous: opts.anonymousViews,
      signedInShare: opts.signedInShare,
    });
    opts.log(
      `Replaying ${views.length} views (${opts.anonymousViews} anonymous, ${Math.round(opts.signedInShare * 100)}% signed in) through the shared cache, ${opts.concurrency} at a time…`,
    );
    const figures = await replay(cache, views, {
      concurrency: opts.concurrency,
      sessionCookie,
      normaliseQuery: opts.normaliseQuery,
    });
    const stats = cache.stats();
    // The same traffic again (other visitors, same popularity) on the now warm cache.
    const warm = await replay(
      cache,
      buildViews({
        productSlugs: slugs,
        anonymous: opts.anonymousViews,
        signedInShare: opts.signedInShare,
        seed: 19,
      }),
      { concurrency: opts.concurrency, sessionCookie, normaliseQuery: opts.normaliseQuery },
    );
    if (opts.wirePurge) {
      opts.log("Wiring the edge purge to the cache (the table's stream so far, drained first)…");
      unwire = await opts.wirePurge(cache);
    }
    const shown = await priceChangeShown(cache, opts);
    const rate = (f: ReplayFigures) => (f.anonymousOriginRequests / f.anonymousViews) * 1000;
    const perThousand = (f: ReplayFigures) => rate(f).toFixed(0);
    const answers = Object.entries(figures.xCache)
      .map(([answer, n]) => `${answer} ${n}`)
      .join(", ");
    const lines = [
      `Edge (shared-cache stand-in, decision 018) — ${figures.anonymousViews} anonymous + ${figures.signedInViews} signed-in views over ${slugs.length} products, Zipf popularity, ${opts.concurrency} visitors at a time, ${figures.seconds.toFixed(0)} s:`,
      `  origin requests per 1,000 anonymous views: ${perThousand(figures)} from a cold cache (${figures.anonymousOriginRequests} for ${figures.anonymousViews}; ${figures.distinctAnonymousUrls} distinct URLs, whose first views are misses), ${perThousand(warm)} warm (as many views again, same popularity: ${warm.anonymousOriginRequests} for ${warm.anonymousViews})`,
      `  replay latency p50/p99: ${figures.p50.toFixed(1)} ms / ${figures.p99.toFixed(1)} ms cold, ${warm.p50.toFixed(1)} ms / ${warm.p99.toFixed(1)} ms warm   errors: ${figures.errors + warm.errors}`,
      `  answers (cold): ${answers}; signed-in views served from the cache: ${figures.signedInFromCache + warm.signedInFromCache} (must be 0); shareable answers refused for Set-Cookie: ${stats.setCookieRefused}; kept: ${stats.entries} entries, ${(stats.bytes / 1024 / 1024).toFixed(1)} MB`,
      ...shown,
    ];
    return { lines, perThousand: { cold: rate(figures), warm: rate(warm) } };
  } finally {
    await unwire?.();
    await cache.close();
  }
}

/** An admin's price change (through core) until the cached product and catalogue pages show it. */
async function priceChangeShown(cache: SharedCache, opts: EdgeBenchOptions): Promise<string[]> {
  const product = await getProductBySlug(opts.ctx, opts.productSlug);
  if (!product) throw new Error(`${opts.productSlug} is not in the catalogue`);
  const pages = [
    `/product/${product.slug}`,
    `/product?${new URLSearchParams({ search: product.name })}`,
  ];
  const newCents = product.priceCents + 1;
  const oldPrice = formatPrice(product.priceCents);
  const newPrice = formatPrice(newCents);
  // Warm both pages in the cache, and check that the price is found as the page shows it.
  const warm: string[] = [];
  for (const page of pages) {
    await fetch(cache.url + page).then((r) => r.text());
    const res = await fetch(cache.url + page);
    const text = await res.text();
    if (!text.includes(oldPrice)) return [`  price change: ${oldPrice} not found on ${page}`];
    warm.push(res.headers.get("x-cache") ?? "none");
  }
  const timeoutMs = opts.wirePurge ? 60_000 : 10_000;
  const shown = await timeUntilShown(
    cache,
    pages,
    newPrice,
    () =>
      updateProduct(opts.ctx, product.id, {
        slug: product.slug,
        name: product.name,
        category: product.category,
        priceCents: newCents,
        description: product.description,
        sizes: product.sizes,
        images: product.images.map(({ key, alt }) => ({ key, alt })),
      }),
    timeoutMs,
  );
  const cached = warm.every((answer) => answer === "Hit");
  return pages.map((page, i) => {
    const ms = shown.get(page);
    const label = i === 0 ? "product page" : "catalogue page";
    const status = `(kept before the change: ${warm[i] === "Hit" ? "yes" : `no, ${warm[i]}`})`;
    if (ms !== undefined)
      return `  price change → shown on the ${label}: ${ms.toFixed(0)} ms ${status}`;
    if (!opts.wirePurge && cached) {
      return `  price change → shown on the ${label}: n/a (no purge wired; not within ${timeoutMs / 1000} s) ${status}`;
    }
    return `  price change → shown on the ${label}: not within ${timeoutMs / 1000} s ${status}`;
  });
}

/**
 * The table's changes → the cache's purge, as on AWS and in one process: a stream reader with the
 * catalogue's filter, the dispatcher forwarding its changes to the edge purge function's handler
 * (its queue, called at once: docs/decisions/042-two-stream-readers.md), and the CloudFront
 * stand-in it calls (AWS_ENDPOINT_URL_CLOUDFRONT), whose invalidations purge `cache`. The stream
 * so far (the seed, the added products) is drained before it answers.
 */
export function edgePurgeWiring(cloudEnv: Record<string, string>) {
  return async (cache: SharedCache): Promise<() => Promise<void>> => {
    const dir = await mkdtemp(join(tmpdir(), "bench-edge-purge-"));
    // One stand-in for the whole run: the purge's CloudFront client, made at its first batch,
    // keeps the endpoint it was given, so a second replay must find it at the same address.
    cloudFrontStandIn ??= startCloudFrontStandIn();
    const cloudFront = await cloudFrontStandIn;
    cloudFront.onInvalidation((paths) => {
      cache.purge(paths);
    });
    // The handler reads its settings from the environment, as on Lambda.
    Object.assign(process.env, cloudEnv, {
      PAYMENTS: "test",
      AWS_ENDPOINT_URL_CLOUDFRONT: cloudFront.endpoint,
      SITE_DISTRIBUTION_ID: "EBENCHSITE",
    });
    // The dispatcher's forwarding of the catalogue's changes, into the edge purge's handler.
    const { localChangeHandlers } = await import("@shop/local-cloud/functions");
    const purge = await localChangeHandlers();
    const delivery = await startStreamDelivery({
      endpoint: cloudEnv.DYNAMODB_ENDPOINT ?? "",
      tableName: cloudEnv.TABLE_NAME ?? "shop",
      checkpointFile: join(dir, "checkpoint.json"),
      deadLetterFile: join(dir, "dead-letters.jsonl"),
      filter: (record) => isPurgeCandidate(record as never),
      deliver: (records) => purge({ Records: records as never }),
    });
    await delivery.drain(300_000);
    return async () => {
      await delivery.stop();
      cloudFront.onInvalidation(undefined);
      await rm(dir, { recursive: true, force: true });
    };
  };
}
let cloudFrontStandIn: Promise<CloudFrontStandIn> | undefined;

/** Stops the CloudFront stand-in of the replays (the end of the bench). */
export async function stopEdgePurge() {
  await (await cloudFrontStandIn)?.stop();
  cloudFrontStandIn = undefined;
}
