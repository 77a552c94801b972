import { describe, expect, it } from "vitest";
import {
  allVariantKeys,
  imageSources,
  imageVariantKey,
  parseUploadKey,
  UPLOADS_PREFIX,
  VARIANTS_PREFIX,
  type VariantState,
  variantWidths,
} from "./image-variants.ts";

const KEY = "products/p-1/4f1c2a.jpg";

describe("the variant plan", () => {
  it.each([
    [4000, [320, 640, 960, 1600]],
    [1600, [320, 640, 960, 1600]],
    [1599, [320, 640, 960]],
    [700, [320, 640]],
    [320, [320]],
    // Narrower than the smallest width: one variant at its own width, never upscaled.
    [200, [200]],
    [8, [8]],
  ])("an original %i pixels wide gets the widths %j", (width, widths) => {
    expect(variantWidths(width)).toEqual(widths);
    expect(Math.max(...variantWidths(width))).toBeLessThanOrEqual(width);
  });

  it("makes nothing of a width that is not one", () => {
    expect(variantWidths(0)).toEqual([]);
    expect(variantWidths(Number.NaN)).toEqual([]);
  });
});

describe("upload and variant keys", () => {
  it("reads a product's raster upload: product, file and stem", () => {
    expect(parseUploadKey(KEY)).toEqual({ productId: "p-1", file: "4f1c2a.jpg", stem: "4f1c2a" });
    for (const ext of ["png", "webp", "gif", "avif"]) {
      expect(parseUploadKey(`products/p/x.${ext}`)?.file).toBe(`x.${ext}`);
    }
  });

  it.each([
    ["an SVG (the seed's pictures stay as they are)", "products/p/x.svg"],
    ["a variant (never processed again)", "variants/p/x-320w.avif"],
    ["another folder", "invoices/p/x.jpg"],
    ["a nested path", "products/p/a/x.jpg"],
    ["a path escape", "products/../x.jpg"],
  ])("ignores %s", (_, key) => {
    expect(parseUploadKey(key)).toBeNull();
  });

  it("names each variant by the upload's random stem, width and format, outside the uploads' prefix", () => {
    const upload = parseUploadKey(KEY);
    if (!upload) throw new Error("unparsed");
    expect(imageVariantKey(upload, 640, "avif")).toBe("variants/p-1/4f1c2a-640w.avif");
    expect(imageVariantKey(upload, 640, "webp")).toBe("variants/p-1/4f1c2a-640w.webp");
    const keys = allVariantKeys(KEY);
    expect(keys).toHaveLength(8);
    expect(new Set(keys).size).toBe(8);
    for (const key of keys) {
      expect(key.startsWith(VARIANTS_PREFIX)).toBe(true);
      expect(key.startsWith(UPLOADS_PREFIX)).toBe(false);
    }
    expect(allVariantKeys("products/p/x.svg")).toEqual([]);
  });
});

describe("the storefront's sources", () => {
  const base = "https://img.example.com";
  it("lists each format's variants with their widths once the upload is ready", () => {
    const sources = imageSources(base, KEY, {
      state: "ready",
      width: 1200,
      height: 1500,
      widths: [320, 640, 960],
    });
    expect(sources).toEqual({
      width: 1200,
      height: 1500,
      avif: `${base}/variants/p-1/4f1c2a-320w.avif 320w, ${base}/variants/p-1/4f1c2a-640w.avif 640w, ${base}/variants/p-1/4f1c2a-960w.avif 960w`,
      webp: `${base}/variants/p-1/4f1c2a-320w.webp 320w, ${base}/variants/p-1/4f1c2a-640w.webp 640w, ${base}/variants/p-1/4f1c2a-960w.webp 960w`,
    });
  });

  it("offers none before processing, after a failure, or for an SVG", () => {
    expect(imageSources(base, KEY, undefined)).toBeUndefined();
    expect(imageSources(base, KEY, { state: "failed", reason: "x" })).toBeUndefined();
    const ready: VariantState = { state: "ready", width: 10, height: 10, widths: [10] };
    expect(imageSources(base, "products/p/x.svg", ready)).toBeUndefined();
  });
});
