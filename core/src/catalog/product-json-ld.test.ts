import { describe, expect, it } from "vitest";
import { variantAvailability } from "./product-choice.ts";
import { productGroupJsonLd } from "./product-json-ld.ts";
import { productAt, saleLastDay } from "./sale-prices.ts";

const product = {
  id: "p1",
  name: "Piqué Polo Shirt",
  description: "A polo.",
  priceCents: 3450,
  category: "Men",
  images: [{ url: "https://img/forest-1.jpg" }, { url: "https://img/navy-1.jpg" }],
  colourways: [
    { colour: { id: "forest" }, images: [{ url: "https://img/forest-1.jpg" }] },
    { colour: { id: "navy" }, images: [{ url: "https://img/navy-1.jpg" }] },
  ],
  variants: [
    { key: "forest/M", colour: "forest", size: "M", sku: "POLO-FOREST-M", gtin: "4006381333931" },
    { key: "forest/L", colour: "forest", size: "L", sku: "POLO-FOREST-L" },
    { key: "navy/M", colour: "navy", size: "M", sku: "POLO-NAVY-M" },
    { key: "navy/L", colour: "navy", size: "L", sku: "POLO-NAVY-L" },
  ],
};

const build = (stock: Record<string, number>, count = 0) =>
  productGroupJsonLd({
    product,
    canonicalUrl: "https://shop.example/product/pique-polo-shirt",
    brand: "Threadline",
    currency: "EUR",
    availability: variantAvailability(product.variants, stock, 3),
    rating: { average: 4.5, count },
  }) as {
    "@type": string;
    productGroupID: string;
    variesBy: string[];
    hasVariant: Array<Record<string, unknown> & { offers: Record<string, unknown> }>;
    aggregateRating?: unknown;
  };

describe("the product page's ProductGroup", () => {
  it("is a group by colour and size with a Product per variant", () => {
    const group = build({ "forest/M": 10 });
    expect(group["@type"]).toBe("ProductGroup");
    expect(group.productGroupID).toBe("p1");
    expect(group.variesBy).toEqual(["https://schema.org/color", "https://schema.org/size"]);
    expect(group.hasVariant.map((variant) => variant.sku)).toEqual([
      "POLO-FOREST-M",
      "POLO-FOREST-L",
      "POLO-NAVY-M",
      "POLO-NAVY-L",
    ]);
    expect(group.hasVariant[0]).toEqual({
      "@type": "Product",
      name: "Piqué Polo Shirt (Forest, Medium)",
      sku: "POLO-FOREST-M",
      gtin: "4006381333931",
      color: "Forest",
      size: "Medium",
      image: "https://img/forest-1.jpg",
      offers: {
        "@type": "Offer",
        url: "https://shop.example/product/pique-polo-shirt?colour=forest&size=M",
        price: "34.50",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
      },
    });
    // No barcode, none said; each colour's own photo.
    expect(group.hasVariant[2]).not.toHaveProperty("gtin");
    expect(group.hasVariant[2]?.image).toBe("https://img/navy-1.jpg");
    expect(group.hasVariant[2]?.color).toBe("Navy");
  });

  it("says each variant's own availability, by its stock count", () => {
    const group = build({ "forest/M": 10, "forest/L": 2, "navy/M": 0 });
    expect(group.hasVariant.map((variant) => variant.offers.availability)).toEqual([
      "https://schema.org/InStock",
      "https://schema.org/LimitedAvailability",
      "https://schema.org/OutOfStock",
      "https://schema.org/OutOfStock",
    ]);
  });

  it("keeps the reviews' rating on the group, only when there are reviews", () => {
    expect(build({})).not.toHaveProperty("aggregateRating");
    expect(build({}, 7).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 7,
      bestRating: 5,
      worstRating: 1,
    });
    for (const variant of build({}, 7).hasVariant)
      expect(variant).not.toHaveProperty("aggregateRating");
  });

  it("leaves unsaid the colour of a product whose photos name none", () => {
    const plain = productGroupJsonLd({
      product: {
        ...product,
        colourways: [{ colour: { id: "as-shown" }, images: product.images }],
        variants: [{ key: "as-shown/M", colour: "as-shown", size: "M", sku: "X-M" }],
      },
      canonicalUrl: "https://shop.example/product/x",
      brand: "Threadline",
      currency: "EUR",
      availability: {},
      rating: { average: 0, count: 0 },
    }) as { hasVariant: Array<Record<string, unknown>> };
    expect(plain.hasVariant[0]).not.toHaveProperty("color");
    expect(plain.hasVariant[0]?.name).toBe("Piqué Polo Shirt (Medium)");
  });
});

describe('a product on sale (docs/product.md §9 "Markdowns")', () => {
  it("offers each variant at the sale price, valid until the sale's last day", () => {
    const now = new Date("2026-12-30T12:00:00Z");
    const markdown = { saleCents: 2450, startsAt: "2026-12-26", endsAt: "2027-01-06" };
    const onSale = productAt({ ...product, markdown }, now, "Europe/Madrid");
    const group = productGroupJsonLd({
      product: onSale,
      canonicalUrl: "https://shop.example/product/pique-polo-shirt",
      brand: "Threadline",
      currency: "EUR",
      availability: {},
      rating: { average: 0, count: 0 },
      priceValidUntil: saleLastDay({ ...product, markdown }, now, "Europe/Madrid"),
    }) as { hasVariant: Array<{ offers: Record<string, unknown> }> };
    expect(group.hasVariant[0]?.offers).toMatchObject({
      price: "24.50",
      priceValidUntil: "2027-01-06",
    });
    // A sale without an end, or not running: no validity said.
    expect(saleLastDay({ ...product, markdown: { saleCents: 2450 } }, now, "UTC")).toBeUndefined();
    expect(
      saleLastDay({ ...product, markdown }, new Date("2027-01-07T12:00:00Z"), "UTC"),
    ).toBeUndefined();
    expect(build({}).hasVariant[0]?.offers.priceValidUntil).toBeUndefined();
  });
});
