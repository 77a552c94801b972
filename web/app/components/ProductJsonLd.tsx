// The product page's structured data (schema.org Product with its offer, its availability and
// its rating) for search engines.
import type { SchemaAvailability } from "@shop/core/inventory";
import { SHOP_NAME } from "../lib/shop";

/**
 * Product structured data (schema.org) for search engines, as the script's text. `<` is escaped so that no text in
 * the data (a product name, say) can close the script element.
 */
export function productJsonLd({
  product,
  canonicalUrl,
  average,
  count,
  availability,
}: {
  product: {
    id: string;
    name: string;
    description: string;
    priceCents: number;
    category: string;
    images: ReadonlyArray<{ url: string }>;
  };
  canonicalUrl: string;
  average: number;
  count: number;
  availability: SchemaAvailability;
}): string {
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: product.images.map((image) => image.url),
    sku: product.id,
    productID: product.id,
    category: product.category,
    brand: { "@type": "Brand", name: SHOP_NAME },
    url: canonicalUrl,
    offers: {
      "@type": "Offer",
      url: canonicalUrl,
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: "EUR",
      availability: `https://schema.org/${availability}`,
    },
    ...(count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: average,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  return JSON.stringify(jsonLd)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The structured data in the page. The loader builds it (`productJsonLd`), so the browser
 * does not carry the code that does.
 */
export function ProductJsonLd({ json }: { json: string }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, see above.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
