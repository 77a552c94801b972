// The seed data meets docs/architecture.md §6 and what the catalogue screens need: enough products in
// every category and price band, a product type each, clean slugs, colourways of the palette each with its photos,
// sizes on each garment's proper scale, units for every variant (docs/product.md §9), well-formed
// standalone SVG images, determinism, and reviews that point at real products and customers,
// once per customer and product.
import { describe, expect, it, vi } from "vitest";
import { paletteColour } from "../../core/src/catalog/palette.ts";
import { SUGGESTED_PRODUCT_TYPES } from "../../core/src/catalog/product-type.ts";
import { type SizeScaleId, sizeName, sortSizes } from "../../core/src/catalog/sizes.ts";
import { colourNamedIn, variantKeys } from "../../core/src/catalog/variants.ts";
import { GARMENT_KINDS, type GarmentView, garmentSvg } from "./garments.ts";
import { SEED_CUSTOMERS, SEED_PRODUCTS, SEED_REVIEWS, type SeedProduct } from "./index.ts";

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

  it("gives every product a type of the shop's suggestions, its garment in the plural: Women have dresses", () => {
    for (const product of SEED_PRODUCTS) {
      expect(SUGGESTED_PRODUCT_TYPES as readonly string[]).toContain(product.productType);
    }
    const womensDresses = SEED_PRODUCTS.filter(
      (p) => p.category === "Women" && p.productType === "dresses",
    );
    expect(womensDresses.map((p) => p.name)).toContain("Jersey Wrap Dress");
    expect(SEED_PRODUCTS.find((p) => p.name === "Oxford Button-Down Shirt")?.productType).toBe(
      "shirts",
    );
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

  it("gives every product a description, sizes in its scale's order and a distinct creation date", () => {
    for (const product of SEED_PRODUCTS) {
      expect(
        product.description.split(/[.!?](?:\s|$)/).filter(Boolean).length,
      ).toBeGreaterThanOrEqual(2);
      expect(product.sizes.length).toBeGreaterThan(0);
      expect(sortSizes(product.sizeScale, product.sizes), product.slug).toEqual(product.sizes);
      expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
    }
    expect(new Set(SEED_PRODUCTS.map((p) => p.createdAt)).size).toBe(SEED_PRODUCTS.length);
  });

  it("sizes each product on its proper scale: letters for adults, waist for jeans and trousers, ages for kids, months for babies, shoe sizes for socks, one size for caps, beanies and bibs", () => {
    const proper = ({ name, category }: SeedProduct): SizeScaleId => {
      if (/\b(?:cap|beanie|bib)\b/i.test(name)) return "one-size";
      if (/\bsocks\b/i.test(name)) return "socks";
      if (category === "Kid") return "kids";
      if (category === "Baby") return "baby";
      if (/\b(?:jeans|trousers)\b/i.test(name)) return "waist";
      return "adult";
    };
    for (const product of SEED_PRODUCTS) {
      expect(product.sizeScale, product.slug).toBe(proper(product));
    }
    const sizesOf = (slug: string) => SEED_PRODUCTS.find((p) => p.slug === slug)?.sizes;
    expect(sizesOf("organic-cotton-crew-t-shirt")).toEqual(["S", "M", "L", "XL", "XXL"]);
    expect(sizesOf("slim-selvedge-jeans")).toEqual([
      "W28",
      "W29",
      "W30",
      "W31",
      "W32",
      "W33",
      "W34",
      "W36",
    ]);
    expect(sizesOf("six-panel-cotton-cap")).toEqual(["OS"]);
    expect(sizesOf("merino-hiking-socks")).toEqual(["39-42", "43-46"]);
    expect(sizesOf("kids-organic-cotton-tee")?.map(sizeName)).toEqual(
      expect.arrayContaining(["2–3 years (98 cm)", "11–12 years (152 cm)"]),
    );
    expect(sizesOf("organic-cotton-bodysuit")?.map(sizeName)).toEqual(
      expect.arrayContaining(["0–1 months (50 cm)", "18–24 months (92 cm)"]),
    );
    // A baby's socks come in a baby's shoe sizes, an adult's in an adult's.
    expect(sizesOf("baby-non-slip-socks")).toEqual(["19-22", "23-26"]);
    expect(sizesOf("cashmere-blend-ankle-socks")).toEqual(["35-38", "39-42"]);
  });

  it("gives every product its colourways from the palette, in the catalogue's order", () => {
    for (const product of SEED_PRODUCTS) {
      expect(product.colours.length, product.slug).toBeGreaterThan(0);
      expect(new Set(product.colours).size, product.slug).toBe(product.colours.length);
      for (const id of product.colours) expect(paletteColour(id), id).toBeDefined();
    }
    const coloursOf = (slug: string) => SEED_PRODUCTS.find((p) => p.slug === slug)?.colours;
    expect(coloursOf("pique-polo-shirt")).toEqual(["forest", "navy"]);
    expect(coloursOf("organic-cotton-crew-t-shirt")).toEqual(["navy", "heather-grey"]);
    expect(coloursOf("slim-selvedge-jeans")).toEqual(["indigo"]);
    expect(SEED_PRODUCTS.filter((p) => p.colours.length === 2)).toHaveLength(
      SEED_PRODUCTS.length - 2,
    );
  });

  it("puts each photo under a colour of the product: every colourway 1 to 3 photos, its front view first, each alt text naming its colour", () => {
    const keys = SEED_PRODUCTS.flatMap((p) => p.images.map((i) => i.key));
    expect(new Set(keys).size).toBe(keys.length);
    for (const product of SEED_PRODUCTS) {
      product.images.forEach((image, i) => {
        expect(image.key).toBe(`products/${product.slug}/${i + 1}.svg`);
        expect(product.colours, image.key).toContain(image.colour);
        expect(image.alt).toContain(product.name);
        expect(image.alt.startsWith(`${paletteColour(image.colour)?.name} `), image.alt).toBe(true);
        // What the search and the migration read from an alt text is the photo's colour.
        expect(colourNamedIn(image.alt), image.alt).toBe(image.colour);
      });
      // Colourway by colourway, in the product's order.
      expect([...new Set(product.images.map((image) => image.colour))]).toEqual(product.colours);
      for (const colour of product.colours) {
        const own = product.images.filter((image) => image.colour === colour);
        expect(own.length, `${product.slug} ${colour}`).toBeGreaterThanOrEqual(1);
        expect(own.length, `${product.slug} ${colour}`).toBeLessThanOrEqual(3);
        expect(own[0]?.alt, `${product.slug} ${colour}`).toMatch(/, front view$/);
      }
      // Each colourway is drawn in its own colour.
      const fronts = product.images.filter((image) => image.alt.endsWith("front view"));
      expect(new Set(fronts.map((image) => image.svg)).size).toBe(product.colours.length);
    }
    // The colour search's end-to-end test opens the polo in navy as its photo 2.
    expect(SEED_PRODUCTS.find((p) => p.slug === "pique-polo-shirt")?.images[1]).toMatchObject({
      key: "products/pique-polo-shirt/2.svg",
      alt: "Navy Piqué Polo Shirt, front view",
    });
  });

  it("keeps units for every variant: most in stock, some low, a few sold out, no product sold out altogether", () => {
    const counts: number[] = [];
    for (const product of SEED_PRODUCTS) {
      expect(Object.keys(product.stock).sort(), product.slug).toEqual(
        variantKeys(product.colours, product.sizes).sort(),
      );
      const units = Object.values(product.stock);
      for (const n of units) expect(Number.isInteger(n) && n >= 0).toBe(true);
      expect(
        units.some((n) => n > 0),
        product.slug,
      ).toBe(true);
      counts.push(...units);
    }
    const soldOut = counts.filter((n) => n === 0).length;
    expect(soldOut).toBeGreaterThanOrEqual(5);
    expect(soldOut / counts.length).toBeLessThan(0.05);
    expect(counts.filter((n) => n >= 1 && n <= 3).length).toBeGreaterThanOrEqual(10);
    // The first product is bought in its first size by the Lighthouse run: all of it in stock.
    const tee = SEED_PRODUCTS[0];
    expect(tee?.slug).toBe("organic-cotton-crew-t-shirt");
    expect(Math.min(...Object.values(tee?.stock ?? {}))).toBeGreaterThan(3);
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
