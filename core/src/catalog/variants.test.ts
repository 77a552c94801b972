import { describe, expect, it } from "vitest";
import { duplicateSkus, isGtin, normaliseSku, SKU_PATTERN, suggestSku } from "./sku.ts";
import {
  AS_SHOWN,
  colourNamedIn,
  namedColour,
  parseVariantKey,
  splitByColour,
  variantKey,
  variantKeys,
  variantName,
} from "./variants.ts";

describe("variant keys", () => {
  it("key a colourway in a size, and read the key back", () => {
    expect(variantKey("navy", "M")).toBe("navy/M");
    expect(parseVariantKey("heather-grey/3-4y")).toEqual({ colour: "heather-grey", size: "3-4y" });
    expect(parseVariantKey("M")).toBeUndefined();
    expect(parseVariantKey("/M")).toBeUndefined();
    expect(parseVariantKey("navy/")).toBeUndefined();
  });

  it("list every variant colour by colour, in the sizes' order", () => {
    expect(variantKeys(["forest", "navy"], ["S", "M"])).toEqual([
      "forest/S",
      "forest/M",
      "navy/S",
      "navy/M",
    ]);
  });

  it("name a variant with its colour, and a line without one by its size alone", () => {
    expect(variantName("navy", "M")).toBe("Navy, Medium");
    expect(variantName(undefined, "M")).toBe("Medium");
    expect(variantName(AS_SHOWN.id, "OS")).toBe("One size");
    expect(namedColour("dusty-rose")).toBe("Dusty Rose");
  });
});

describe("SKUs", () => {
  it("suggest one from slug, colour and size, upper case and valid", () => {
    expect(suggestSku("pique-polo-shirt", "navy", "M")).toBe("PIQUE-POLO-SHIRT-NAVY-M");
    expect(suggestSku("kids-hoodie", "heather-grey", "3-4y")).toBe("KIDS-HOODIE-HEATHER-GREY-3-4Y");
    for (const sku of [
      suggestSku("pique-polo-shirt", "navy", "M"),
      suggestSku("x".repeat(100), "butter-yellow", "XXL"),
    ]) {
      expect(sku).toMatch(SKU_PATTERN);
    }
  });

  it("keep colour and size when a long slug is cut to 64 characters", () => {
    const sku = suggestSku(`a-${"b".repeat(80)}`, "butter-yellow", "XXL");
    expect(sku).toHaveLength(64);
    expect(sku.endsWith("-BUTTER-YELLOW-XXL")).toBe(true);
  });

  it("are unique within a product because colours and sizes are", () => {
    const skus = variantKeys(["navy", "forest"], ["S", "M", "L"]).map((key) => {
      const { colour, size } = parseVariantKey(key) as { colour: string; size: string };
      return suggestSku("pique-polo-shirt", colour, size);
    });
    expect(duplicateSkus(skus)).toEqual([]);
  });

  it("find the repeated ones, each once", () => {
    expect(duplicateSkus(["A", "B", "A", "C", "A", "B"])).toEqual(["A", "B"]);
  });

  it("are normalised as typed: trimmed, upper case, spaces as hyphens", () => {
    expect(normaliseSku("  polo navy m ")).toBe("POLO-NAVY-M");
    expect(SKU_PATTERN.test(normaliseSku("polo/navy"))).toBe(false);
    expect(SKU_PATTERN.test("")).toBe(false);
  });
});

describe("GTINs", () => {
  it("take EAN-13, EAN-8, UPC-A and GTIN-14 with a valid check digit", () => {
    expect(isGtin("4006381333931")).toBe(true);
    expect(isGtin("96385074")).toBe(true);
    expect(isGtin("036000291452")).toBe(true);
    expect(isGtin("10012345678902")).toBe(true);
  });

  it("refuse a wrong check digit, a wrong length or anything not digits", () => {
    expect(isGtin("4006381333932")).toBe(false);
    expect(isGtin("400638133393")).toBe(false);
    expect(isGtin("400638133393a")).toBe(false);
    expect(isGtin("")).toBe(false);
  });
});

describe("the split of old photos by colour (the migration)", () => {
  it("reads the palette colour an alt text names, whole words, longest name first", () => {
    expect(colourNamedIn("Sky Blue Oxford Button-Down Shirt, front view")).toBe("sky-blue");
    expect(colourNamedIn("Heather Grey Loopback Cotton Hoodie")).toBe("heather-grey");
    expect(colourNamedIn("DUSTY ROSE pleated skirt")).toBe("dusty-rose");
    expect(colourNamedIn("Primrose print, redwood buttons")).toBeUndefined();
    expect(colourNamedIn("Linen shirt, back view")).toBeUndefined();
  });

  it("makes a colourway per colour named, in order; unnamed photos go to the first", () => {
    const photos = [
      { key: "1", alt: "Forest Piqué Polo Shirt, front view" },
      { key: "2", alt: "Navy Piqué Polo Shirt, front view" },
      { key: "3", alt: "Piqué Polo Shirt, back view" },
      { key: "4", alt: "Forest Piqué Polo Shirt, close-up detail" },
    ];
    expect(splitByColour(photos).map((c) => [c.colour, c.images.map((i) => i.key)])).toEqual([
      ["forest", ["1", "3", "4"]],
      ["navy", ["2"]],
    ]);
  });

  it("makes one 'as shown' colourway when no photo names a colour, or none exists", () => {
    const photos = [{ key: "1", alt: "Linen shirt" }];
    expect(splitByColour(photos)).toEqual([{ colour: AS_SHOWN.id, images: photos }]);
    expect(splitByColour([])).toEqual([{ colour: AS_SHOWN.id, images: [] }]);
    expect(namedColour(AS_SHOWN.id)).toBeUndefined();
  });

  it("gives the same result run twice (pure)", () => {
    const photos = [
      { key: "1", alt: "Navy tee" },
      { key: "2", alt: "Grey tee" },
    ];
    expect(splitByColour(photos)).toEqual(splitByColour(photos));
  });
});
