// The product page's structured data for search engines: a schema.org ProductGroup with a Product
// per variant, built by core (core/src/catalog/product-json-ld.ts), written into the page here.

/**
 * Structured data as a script's text. `<` is escaped so that no text in the data (a product
 * name, say) can close the script element.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The structured data in the page. The loader builds it (`jsonLdText`), so the browser
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
