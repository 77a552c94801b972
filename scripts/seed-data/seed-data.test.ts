// The seed data meets docs/architecture.md §6 and what the catalogue screens need: enough products in
// every category and price band, clean slugs, well-formed standalone SVG images, determinism,
// and reviews that point at real products and customers, once per customer and product.
import { describe, expect, it, vi } from "vitest";
import { GARMENT_KINDS, type GarmentView, garmentSvg } from "./garments.ts";
import { SEED_CUSTOMERS, SEED_PRODUCTS, SEED_REVIEWS } from "./index.ts";

const BANDS = [
  { label: "under 25 €", min: 0, max: 2500 },
  { label: "25 to 50 €", min: 2500, max: 5000 },
  { label: "50 to 100 €", min: 5000, max: 10000 },
  { label: "100 to 200 €", min: 10000, max: 20000 },
  { label: "200 € and above", min: 20000, max: Number.POSITIVE_INFINITY },
];

/** A light well-formedness check: one <svg> root with the SVG namespace, tags balanced. */
function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  if (!svg.startsWith("<svg ")) problems.push("does not start with <svg");
  if (!svg.includes('xmlns="http://www.w3.org/2000/svg"')) problems.push("no SVG namespace");
  if (!svg.endsWith("</svg>")) problems.push("does not end with </svg>");
  if (/&(?!(?:amp|lt|gt|quot|apos);)/.test(svg)) problems.push("unescaped &");
  if (/(?:href|src)="(?!#)/.test(svg) || /url\((?!#)/.test(svg))
    problems.push("external reference");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: checking for characters XML forbids
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(svg)) problems.push("control character");
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)[^<>]*?(\/?)>/g)) {
    const [tag, close, name = "", selfClosing] = match;
    if (selfClosing) continue;
    if (!close) stack.push(name);
    else if (stack.pop() !== name) problems.push(`unbalanced ${tag}`);
    if (stack.length === 0 && match.index + tag.length < svg.length) problems.push("a second root");
  }
  if (stack.length) problems.push(`unclosed ${stack.join(", ")}`);
  if (svg.replace(/<[^<>]*>/g, "").includes("<")) problems.push("stray <");
  return problems;
}

describe("seed products", () => {
  it("has at least 48 products, 12 or more in each category", () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(48);
    for (const category of ["Men", "Women", "Kid", "Baby"]) {
      expect(SEED_PRODUCTS.filter((p) => p.category === category).length).toBeGreaterThanOrEqual(
        12,
      );
    }
  });

  it("has unique, lower-case, URL-safe slugs derived from the names", () => {
    const slugs = SEED_PRODUCTS.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const product of SEED_PRODUCTS) {
      expect(product.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      const letters = product.name
        .normalize("NFKD")
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "");
      expect(letters).toBe(product.slug.replaceAll("-", ""));
    }
  });

  it("populates every price band, with the boundary prices present", () => {
    for (const band of BANDS) {
      const inBand = SEED_PRODUCTS.filter(
        (p) => p.priceCents >= band.min && p.priceCents < band.max,
      );
      expect(inBand.length, band.label).toBeGreaterThanOrEqual(3);
    }
    const prices = SEED_PRODUCTS.map((p) => p.priceCents);
    expect(prices).toContain(2500);
    expect(prices).toContain(9999);
    expect(prices).toContain(10000);
    expect(Math.min(...prices)).toBeLessThan(2500);
    expect(Math.max(...prices)).toBeGreaterThanOrEqual(10000);
    for (const price of prices) expect(Number.isInteger(price) && price > 0).toBe(true);
  });

  it("gives every product a description, sizes in order and a distinct creation date", () => {
    const order = ["S", "M", "L", "XL", "XXL"];
    for (const product of SEED_PRODUCTS) {
      expect(
        product.description.split(/[.!?](?:\s|$)/).filter(Boolean).length,
      ).toBeGreaterThanOrEqual(2);
      expect(product.sizes.length).toBeGreaterThan(0);
      expect([...product.sizes].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(
        product.sizes,
      );
      expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
    }
    expect(new Set(SEED_PRODUCTS.map((p) => p.createdAt)).size).toBe(SEED_PRODUCTS.length);
  });

  it("gives each product 2 to 4 images with unique keys under its slug and an alt text", () => {
    const keys = SEED_PRODUCTS.flatMap((p) => p.images.map((i) => i.key));
    expect(new Set(keys).size).toBe(keys.length);
    for (const product of SEED_PRODUCTS) {
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.images.length).toBeLessThanOrEqual(4);
      product.images.forEach((image, i) => {
        expect(image.key).toBe(`products/${product.slug}/${i + 1}.svg`);
        expect(image.alt).toContain(product.name);
      });
    }
  });

  it("has well-formed, self-contained SVG images of modest size", () => {
    for (const image of SEED_PRODUCTS.flatMap((p) => p.images)) {
      expect(svgProblems(image.svg), image.key).toEqual([]);
      expect(image.svg).toContain('viewBox="0 0 600 750"');
      expect(image.svg.length, image.key).toBeLessThan(8000);
    }
  });

  it("is deterministic: a fresh import gives identical data", async () => {
    vi.resetModules();
    const again = await import("./index.ts");
    expect(again.SEED_PRODUCTS).not.toBe(SEED_PRODUCTS);
    expect(again.SEED_PRODUCTS).toEqual(SEED_PRODUCTS);
    expect(again.SEED_REVIEWS).toEqual(SEED_REVIEWS);
    expect(again.SEED_CUSTOMERS).toEqual(SEED_CUSTOMERS);
  });
});

describe("garment drawings", () => {
  const views: GarmentView[] = ["front", "back", "detail", "folded"];

  it("draws every kind in four visibly different views", () => {
    for (const kind of GARMENT_KINDS) {
      const svgs = views.map((view) =>
        garmentSvg({ kind, color: "#2c3e5c", accent: "#c69a3c", view }),
      );
      for (const svg of svgs) expect(svgProblems(svg), kind).toEqual([]);
      expect(new Set(svgs).size, kind).toBe(4);
    }
  });

  it("escapes the optional label and refuses colours that are not #rrggbb", () => {
    const svg = garmentSvg({
      kind: "socks",
      color: "#ffffff",
      accent: "#000000",
      view: "front",
      label: 'S & M <"2">',
    });
    expect(svg).toContain("S &amp; M &lt;&quot;2&quot;&gt;");
    expect(svgProblems(svg)).toEqual([]);
    expect(() =>
      garmentSvg({ kind: "cap", color: 'red" onload="x', accent: "#000000", view: "front" }),
    ).toThrow();
  });
});

describe("seed customers and reviews", () => {
  const slugs = new Set(SEED_PRODUCTS.map((p) => p.slug));
  const emails = new Set(SEED_CUSTOMERS.map((c) => c.email));

  it("has 8 customers with unique example.com addresses", () => {
    expect(SEED_CUSTOMERS).toHaveLength(8);
    expect(emails.size).toBe(8);
    for (const c of SEED_CUSTOMERS) expect(c.email).toMatch(/^[a-z.]+@example\.com$/);
  });

  it("reviews existing products by existing customers, once per customer and product", () => {
    const pairs = SEED_REVIEWS.map((r) => `${r.customerEmail} ${r.productSlug}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const review of SEED_REVIEWS) {
      expect(slugs.has(review.productSlug), review.productSlug).toBe(true);
      expect(emails.has(review.customerEmail), review.customerEmail).toBe(true);
      expect([1, 2, 3, 4, 5]).toContain(review.rating);
      expect(review.description.length).toBeGreaterThan(0);
      expect(review.description.length).toBeLessThanOrEqual(1000);
    }
  });

  it("covers at least 12 products, one with 6 or more reviews, with differing averages", () => {
    const byProduct = new Map<string, typeof SEED_REVIEWS>();
    for (const r of SEED_REVIEWS)
      byProduct.set(r.productSlug, [...(byProduct.get(r.productSlug) ?? []), r]);
    expect(byProduct.size).toBeGreaterThanOrEqual(12);
    expect(Math.max(...[...byProduct.values()].map((list) => list.length))).toBeGreaterThanOrEqual(
      6,
    );
    const averages = [...byProduct.values()].map((list) =>
      Math.round(list.reduce((sum, r) => sum + r.rating, 0) / list.length),
    );
    expect(new Set(averages).size).toBeGreaterThanOrEqual(4);
  });

  it("dates every review after its product was created, each date distinct", () => {
    const created = new Map(SEED_PRODUCTS.map((p) => [p.slug, p.createdAt]));
    for (const review of SEED_REVIEWS) {
      expect(review.createdAt > (created.get(review.productSlug) ?? "")).toBe(true);
    }
    expect(new Set(SEED_REVIEWS.map((r) => r.createdAt)).size).toBe(SEED_REVIEWS.length);
  });
});
