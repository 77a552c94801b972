import { describe, expect, it } from "vitest";
import {
  catalogSitemapUrls,
  parseSitemapPart,
  SITEMAP_URL_LIMIT,
  type SitemapUrl,
  sitemapDocument,
  sitemapXml,
  splitSitemap,
} from "./sitemap.ts";

const ORIGIN = "https://shop.example.com";

const urls = (n: number): SitemapUrl[] =>
  Array.from({ length: n }, (_, i) => ({
    path: `/product/p-${i + 1}`,
    lastmod: `2025-01-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`,
  }));

describe("catalogSitemapUrls", () => {
  const products = [
    { slug: "wool-coat", category: "Women", updatedAt: "2025-03-02T10:00:00.000Z" },
    { slug: "baby-hat", category: "Baby", updatedAt: "2025-01-05T10:00:00.000Z" },
    { slug: "linen-shirt", category: "Women", updatedAt: "2025-02-01T10:00:00.000Z" },
  ] as const;

  it("lists the catalogue, each category present, each product and the static pages", () => {
    expect(catalogSitemapUrls(products, ["/company/who-we-are", "/customer-service/faq"])).toEqual([
      { path: "/product", lastmod: "2025-03-02T10:00:00.000Z" },
      { path: "/product?category=baby", lastmod: "2025-01-05T10:00:00.000Z" },
      { path: "/product?category=women", lastmod: "2025-03-02T10:00:00.000Z" },
      { path: "/product/baby-hat", lastmod: "2025-01-05T10:00:00.000Z" },
      { path: "/product/linen-shirt", lastmod: "2025-02-01T10:00:00.000Z" },
      { path: "/product/wool-coat", lastmod: "2025-03-02T10:00:00.000Z" },
      { path: "/company/who-we-are" },
      { path: "/customer-service/faq" },
    ]);
  });

  it("still lists the catalogue and the static pages with no product", () => {
    expect(catalogSitemapUrls([], ["/company/privacy"])).toEqual([
      { path: "/product", lastmod: undefined },
      { path: "/company/privacy" },
    ]);
  });
});

describe("splitSitemap", () => {
  it("cuts the URLs into parts of at most the limit, in order", () => {
    const parts = splitSitemap(urls(7), 3);
    expect(parts.map((part) => part.map((url) => url.path))).toEqual([
      ["/product/p-1", "/product/p-2", "/product/p-3"],
      ["/product/p-4", "/product/p-5", "/product/p-6"],
      ["/product/p-7"],
    ]);
  });

  it("keeps exactly the limit in one part, and gives one empty part for no URL", () => {
    expect(splitSitemap(urls(3), 3)).toHaveLength(1);
    expect(splitSitemap([], 3)).toEqual([[]]);
  });

  it("follows the protocol's 50,000 URLs by default", () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    const many = Array.from({ length: 50_001 }, (_, i) => ({ path: `/p/${i}` }));
    expect(splitSitemap(many).map((part) => part.length)).toEqual([50_000, 1]);
  });

  it("refuses a limit that is not a positive whole number", () => {
    expect(() => splitSitemap(urls(2), 0)).toThrow(RangeError);
    expect(() => splitSitemap(urls(2), 1.5)).toThrow(RangeError);
  });
});

describe("sitemapDocument", () => {
  it("is one list of every URL up to the limit, with no parts", () => {
    expect(sitemapDocument(urls(3), undefined, 3)).toEqual({ kind: "urlset", urls: urls(3) });
    expect(sitemapDocument(urls(3), 1, 3)).toBeUndefined();
  });

  it("becomes an index of parts past the limit, each with its latest change", () => {
    expect(sitemapDocument(urls(5), undefined, 2)).toEqual({
      kind: "index",
      parts: [
        { path: "/sitemap/1.xml", lastmod: "2025-01-02T00:00:00.000Z" },
        { path: "/sitemap/2.xml", lastmod: "2025-01-04T00:00:00.000Z" },
        { path: "/sitemap/3.xml", lastmod: "2025-01-05T00:00:00.000Z" },
      ],
    });
  });

  it("serves each part, and nothing past the last one", () => {
    const all = urls(5);
    expect(sitemapDocument(all, 1, 2)).toEqual({ kind: "urlset", urls: all.slice(0, 2) });
    expect(sitemapDocument(all, 3, 2)).toEqual({ kind: "urlset", urls: all.slice(4) });
    expect(sitemapDocument(all, 4, 2)).toBeUndefined();
    expect(sitemapDocument(all, 0, 2)).toBeUndefined();
  });

  it("leaves out lastmod of a part whose pages have none", () => {
    const doc = sitemapDocument([{ path: "/a" }, { path: "/b" }], undefined, 1);
    expect(doc).toEqual({
      kind: "index",
      parts: [
        { path: "/sitemap/1.xml", lastmod: undefined },
        { path: "/sitemap/2.xml", lastmod: undefined },
      ],
    });
  });
});

describe("parseSitemapPart", () => {
  it.each([
    ["1.xml", 1],
    ["12.xml", 12],
    ["0.xml", undefined],
    ["01.xml", undefined],
    ["1", undefined],
    ["1.xml.gz", undefined],
    ["x.xml", undefined],
    [undefined, undefined],
  ])("%j → %j", (segment, part) => {
    expect(parseSitemapPart(segment)).toBe(part);
  });
});

describe("sitemapXml", () => {
  it("writes a urlset with absolute, escaped addresses and lastmod when known", () => {
    const xml = sitemapXml(`${ORIGIN}/`, {
      kind: "urlset",
      urls: [
        { path: "/product?category=men&price=25-50", lastmod: "2025-01-01T00:00:00.000Z" },
        { path: "/company/privacy" },
      ],
    });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "<url><loc>https://shop.example.com/product?category=men&amp;price=25-50</loc><lastmod>2025-01-01T00:00:00.000Z</lastmod></url>",
        "<url><loc>https://shop.example.com/company/privacy</loc></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });

  it("writes a sitemap index naming each part", () => {
    const xml = sitemapXml(
      ORIGIN,
      sitemapDocument(urls(3), undefined, 2) ?? { kind: "urlset", urls: [] },
    );
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "<sitemap><loc>https://shop.example.com/sitemap/1.xml</loc><lastmod>2025-01-02T00:00:00.000Z</lastmod></sitemap>",
    );
    expect(xml).toContain("<sitemap><loc>https://shop.example.com/sitemap/2.xml</loc>");
    expect(xml).not.toContain("<url>");
    expect(xml.trimEnd().endsWith("</sitemapindex>")).toBe(true);
  });
});
