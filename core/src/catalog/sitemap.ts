// The sitemap (docs/product.md §2 "Search engines"): the catalogue, every category view, every
// product with the time it last changed, and the static pages. The sitemaps protocol allows
// 50,000 URLs in one file; past that `/sitemap.xml` becomes an index of parts
// (`/sitemap/1.xml`, `/sitemap/2.xml`…). Pure: the URLs come from the catalogue read model
// (./sitemap.server.ts), the static pages from the web app, which knows its routes.
import { type Category, categorySlug } from "./categories.ts";
import { absoluteUrl } from "./robots.ts";

/** The most URLs one sitemap file may list (sitemaps.org protocol). */
export const SITEMAP_URL_LIMIT = 50_000;

/** One page of the shop: a path on the shop's origin, with when it last changed if known. */
export interface SitemapUrl {
  path: string;
  /** ISO-8601 UTC. */
  lastmod?: string;
}

/** What a sitemap address answers: a list of pages, an index of parts, or nothing (404). */
export type SitemapDocument =
  | { kind: "urlset"; urls: readonly SitemapUrl[] }
  | { kind: "index"; parts: readonly SitemapUrl[] };

/** What the sitemap needs of a product. */
export interface SitemapProduct {
  slug: string;
  category: Category;
  /** ISO-8601 UTC. */
  updatedAt: string;
}

/**
 * The shop's public pages: the catalogue and each category view present in it (with the latest
 * change among their products), each product (with its own), then `staticPaths` as given.
 * Products in slug order, so a split sitemap keeps its parts stable from one day to the next.
 */
export function catalogSitemapUrls(
  products: Iterable<SitemapProduct>,
  staticPaths: readonly string[],
): SitemapUrl[] {
  const sorted = [...products].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const newest = new Map<Category | "all", string>();
  const bump = (key: Category | "all", at: string) => {
    const known = newest.get(key);
    if (!known || at > known) newest.set(key, at);
  };
  for (const product of sorted) {
    bump("all", product.updatedAt);
    bump(product.category, product.updatedAt);
  }
  const categories = [...newest.keys()].filter((key): key is Category => key !== "all").sort();
  return [
    { path: "/product", lastmod: newest.get("all") },
    ...categories.map((category) => ({
      path: `/product?category=${categorySlug(category)}`,
      lastmod: newest.get(category),
    })),
    ...sorted.map((product) => ({
      path: `/product/${product.slug}`,
      lastmod: product.updatedAt,
    })),
    ...staticPaths.map((path) => ({ path })),
  ];
}

/** The path of part `n` (from 1) of a split sitemap. */
export function sitemapPartPath(n: number): string {
  return `/sitemap/${n}.xml`;
}

/** The part number a `/sitemap/{n}.xml` address names, or undefined. */
export function parseSitemapPart(segment: string | undefined): number | undefined {
  const match = /^([1-9][0-9]{0,5})\.xml$/.exec(segment ?? "");
  return match ? Number(match[1]) : undefined;
}

/** The URLs cut into parts of at most `limit` (at least one part, even when empty). */
export function splitSitemap(
  urls: readonly SitemapUrl[],
  limit: number = SITEMAP_URL_LIMIT,
): SitemapUrl[][] {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Bad sitemap limit ${limit}`);
  const parts: SitemapUrl[][] = [];
  for (let start = 0; start < urls.length; start += limit) {
    parts.push(urls.slice(start, start + limit));
  }
  return parts.length > 0 ? parts : [[]];
}

/**
 * What `/sitemap.xml` (part undefined) or `/sitemap/{part}.xml` lists. Up to `limit` URLs,
 * `/sitemap.xml` lists them all and no part exists; beyond, it is the index of the parts, each
 * with the latest change among its pages.
 */
export function sitemapDocument(
  urls: readonly SitemapUrl[],
  part: number | undefined,
  limit: number = SITEMAP_URL_LIMIT,
): SitemapDocument | undefined {
  const parts = splitSitemap(urls, limit);
  if (part === undefined) {
    if (parts.length === 1) return { kind: "urlset", urls };
    return {
      kind: "index",
      parts: parts.map((pages, i) => ({ path: sitemapPartPath(i + 1), lastmod: latest(pages) })),
    };
  }
  const pages = parts.length > 1 ? parts[part - 1] : undefined;
  return pages ? { kind: "urlset", urls: pages } : undefined;
}

/** The XML of a sitemap document, its addresses on `origin` (the shop's public URL). */
export function sitemapXml(origin: string, document: SitemapDocument): string {
  const [root, entry, entries] =
    document.kind === "urlset"
      ? (["urlset", "url", document.urls] as const)
      : (["sitemapindex", "sitemap", document.parts] as const);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
  ];
  for (const { path, lastmod } of entries) {
    const loc = `<loc>${escapeXml(absoluteUrl(origin, path))}</loc>`;
    const mod = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : "";
    lines.push(`<${entry}>${loc}${mod}</${entry}>`);
  }
  lines.push(`</${root}>`, "");
  return lines.join("\n");
}

/** The latest `lastmod` of these pages (ISO-8601 strings compare as times), if any has one. */
function latest(urls: readonly SitemapUrl[]): string | undefined {
  let newest: string | undefined;
  for (const { lastmod } of urls) if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
  return newest;
}

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}
