import { describe, expect, it } from "vitest";
import { benchProduct, benchProductPrice } from "./bench-variants.ts";

describe("the benchmark's added products", () => {
  it("put every fifth on sale at 30% off its regular price, from now on, and no other", () => {
    const products = Array.from({ length: 20 }, (_, i) => benchProduct(i, "products/x.svg"));
    const onSale = products.filter((product) => "markdown" in product && product.markdown);
    expect(onSale.map((product) => product.slug)).toEqual([
      "bench-0",
      "bench-5",
      "bench-10",
      "bench-15",
    ]);
    for (const [i, product] of products.entries()) {
      if (!("markdown" in product) || !product.markdown) continue;
      expect(product.markdown.saleCents).toBe(Math.round(benchProductPrice(i) * 0.7));
      expect(product.markdown.saleCents).toBeLessThan(product.priceCents);
      expect(product.markdown).not.toHaveProperty("startsAt");
    }
  });
});
