// A product page's structured data for search engines (docs/product.md §2 "Product page"): a
// schema.org ProductGroup that varies by colour and size, with a Product per variant (its SKU,
// barcode, colour, size, photo and an Offer with its own availability), and the reviews'
// aggregate rating on the group. Browser-safe, though only the page's loader builds it.
import type { SizeAvailability } from "../inventory/stock.ts";
import { choiceQuery } from "./product-choice.ts";
import { sizeName } from "./sizes.ts";
import { namedColour } from "./variants.ts";

/** What an offer says of one variant's units: schema.org's ItemAvailability. */
export function offerAvailability(
  availability: SizeAvailability | undefined,
): "InStock" | "LimitedAvailability" | "OutOfStock" {
  if (availability?.state === "in") return "InStock";
  if (availability?.state === "low") return "LimitedAvailability";
  return "OutOfStock";
}

export interface ProductGroupInput {
  product: {
    id: string;
    name: string;
    description: string;
    priceCents: number;
    category: string;
    images: ReadonlyArray<{ url: string }>;
    colourways: ReadonlyArray<{ colour: { id: string }; images: ReadonlyArray<{ url: string }> }>;
    variants: ReadonlyArray<{
      key: string;
      colour: string;
      size: string;
      sku: string;
      gtin?: string;
    }>;
  };
  /** The product's own URL, without a query (the page's canonical URL). */
  canonicalUrl: string;
  brand: string;
  currency: string;
  /** Each variant's availability, by variant key (./product-choice.ts variantAvailability). */
  availability: Readonly<Record<string, SizeAvailability>>;
  /** The reviews' average and number: the group's aggregate rating when there are any. */
  rating: { average: number; count: number };
  /**
   * While the product sells at a sale price (`product.priceCents`, docs/product.md §9
   * "Markdowns"): the sale's last day (YYYY-MM-DD), the offers' `priceValidUntil`; none when the
   * sale has no end, or the price is the regular one.
   */
  priceValidUntil?: string;
}

/**
 * The ProductGroup: `productGroupID` the product's id, `variesBy` colour and size, and
 * `hasVariant` a Product per colourway and size, colour by colour, whose offer links to the page
 * on that variant (`?colour=navy&size=M`). A colour the photos do not name (AS_SHOWN) is left
 * unsaid, and so is a barcode the variant does not have.
 */
export function productGroupJsonLd({
  product,
  canonicalUrl,
  brand,
  currency,
  availability,
  rating,
  priceValidUntil,
}: ProductGroupInput): Record<string, unknown> {
  const price = (product.priceCents / 100).toFixed(2);
  const firstPhoto = new Map(
    product.colourways.map(({ colour, images }) => [colour.id, images[0]?.url]),
  );
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: product.name,
    description: product.description,
    image: product.images.map((image) => image.url),
    url: canonicalUrl,
    productGroupID: product.id,
    category: product.category,
    brand: { "@type": "Brand", name: brand },
    variesBy: ["https://schema.org/color", "https://schema.org/size"],
    hasVariant: product.variants.map((variant) => {
      const colour = namedColour(variant.colour);
      const size = sizeName(variant.size);
      const image = firstPhoto.get(variant.colour) ?? product.images[0]?.url;
      return {
        "@type": "Product",
        name: `${product.name} (${colour ? `${colour}, ` : ""}${size})`,
        sku: variant.sku,
        ...(variant.gtin ? { gtin: variant.gtin } : {}),
        ...(colour ? { color: colour } : {}),
        size,
        ...(image ? { image } : {}),
        offers: {
          "@type": "Offer",
          url: `${canonicalUrl}${choiceQuery(variant.colour, variant.size)}`,
          price,
          priceCurrency: currency,
          ...(priceValidUntil ? { priceValidUntil } : {}),
          availability: `https://schema.org/${offerAvailability(availability[variant.key])}`,
        },
      };
    }),
    ...(rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
