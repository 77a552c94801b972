import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import {
  COLOUR_UNKNOWN,
  COLOURS_REQUIRED,
  centsToEuroInput,
  colourTwice,
  colourWithoutPhoto,
  GTIN_FORMAT,
  IMAGE_COLOUR_UNKNOWN,
  IMAGES_REQUIRED,
  PRICE_FORMAT,
  PRICE_POSITIVE,
  PRICE_REQUIRED,
  PRICE_TOO_HIGH,
  ProductFormSchema,
  parseEuroToCents,
  parseImageRef,
  SIZE_SCALE_REQUIRED,
  SIZES_REQUIRED,
  SKU_FORMAT,
  SKU_REPEATED,
  SLUG_FORMAT,
  STOCK_FORMAT,
  sizesOutsideScale,
  TOO_MANY_IMAGES,
  variantField,
} from "./product-form.ts";
import {
  applyImageOperation,
  ProductFormFieldsSchema,
  parseFormOperation,
  parseImageOperation,
  productFormInput,
} from "./product-form-draft.ts";
import { PRODUCT_TYPE_FORMAT } from "./product-type.ts";

/**
 * A valid submission, as the browser sends it: two colourways (navy, then forest), a photo of
 * each (a photo's colour is its colourway's position), sizes L and S on the adult scale, and some
 * variant cells typed; `change` edits it.
 */
function submission(change: (form: FormData) => void = () => {}) {
  const form = new FormData();
  form.set("name", "  Linen Shirt ");
  form.set("slug", "linen-shirt");
  form.set("category", "Men");
  form.set("price", "49.99");
  form.set("description", "A shirt of washed linen.");
  form.set("sizeScale", "adult");
  form.append("sizes", "L");
  form.append("sizes", "S");
  form.append("colours", "navy");
  form.append("colours", "forest");
  form.append("imageRef", "key:products/abc/1.png");
  form.append("imageAlt", "Front");
  form.append("imageColour", "0");
  form.append("imageRef", "new:0");
  form.append("imageAlt", "");
  form.append("imageColour", "1");
  form.set(variantField("stock", "navy", "S"), "3");
  form.set(variantField("shown", "navy", "S"), "2");
  form.set(variantField("sku", "navy", "S"), " linen navy s ");
  form.set(variantField("gtin", "navy", "S"), "4006381333931");
  form.set(variantField("stock", "forest", "L"), "12");
  change(form);
  return parseForm(ProductFormSchema, productFormInput(form));
}

describe("ProductFormFieldsSchema", () => {
  it("reads the form as an object of its fields, a repeated one as an array", () => {
    const fields = {
      name: "Linen Shirt",
      slug: "linen-shirt",
      category: "Men",
      price: "49.99",
      description: "Washed linen.",
      sizeScale: "kids",
      sizes: "3-4y",
      colours: "navy",
      imageRef: ["key:products/abc/1.png", "new:0"],
      imageAlt: ["Front", ""],
      imageColour: ["0", "navy"],
      [variantField("stock", "navy", "3-4y")]: "7",
    };
    expect(parseForm(ProductFormFieldsSchema, fields)).toMatchObject({
      success: true,
      data: {
        price: 4999,
        sizeScale: "kids",
        sizes: ["3-4y"],
        colours: ["navy"],
        images: [
          { ref: { kind: "key", key: "products/abc/1.png" }, alt: "Front", colour: "navy" },
          { ref: { kind: "new", index: 0 }, alt: "", colour: "navy" },
        ],
        stock: { "navy/3-4y": 7 },
      },
    });
    expect(
      parseForm(ProductFormFieldsSchema, {
        ...fields,
        imageRef: "new:0",
        imageAlt: "x",
        imageColour: "0",
      }),
    ).toMatchObject({ success: true, data: { images: [{ ref: { kind: "new", index: 0 } }] } });
  });

  it("says what the form says, on the form's own fields", () => {
    expect(parseForm(ProductFormFieldsSchema, {})).toMatchObject({
      success: false,
      fieldErrors: {
        sizes: SIZES_REQUIRED,
        sizeScale: SIZE_SCALE_REQUIRED,
        colours: COLOURS_REQUIRED,
        images: IMAGES_REQUIRED,
        price: PRICE_REQUIRED,
      },
    });
  });
});

describe("ProductFormSchema", () => {
  it("reads a valid form: colourways in order, photos with their colour, the scale, each variant's cells by key", () => {
    expect(submission()).toEqual({
      success: true,
      data: {
        name: "Linen Shirt",
        slug: "linen-shirt",
        category: "Men",
        price: 4999,
        description: "A shirt of washed linen.",
        sizeScale: "adult",
        sizes: ["S", "L"],
        colours: ["navy", "forest"],
        images: [
          { ref: { kind: "key", key: "products/abc/1.png" }, alt: "Front", colour: "navy" },
          { ref: { kind: "new", index: 0 }, alt: "", colour: "forest" },
        ],
        // A SKU left empty is absent (the catalogue suggests one); typed ones are normalised.
        variants: {
          "navy/S": { sku: "LINEN-NAVY-S", gtin: "4006381333931" },
          "navy/L": {},
          "forest/S": {},
          "forest/L": {},
        },
        // A cell not sent (a size ticked without JavaScript) has 0 units.
        stock: { "navy/S": 3, "navy/L": 0, "forest/S": 0, "forest/L": 12 },
        shown: { "navy/S": 2, "navy/L": 0, "forest/S": 0, "forest/L": 0 },
      },
    });
  });

  it.each([
    ["", PRICE_REQUIRED],
    ["abc", PRICE_FORMAT],
    ["49.999", PRICE_FORMAT],
    ["-5", PRICE_FORMAT],
    ["1e3", PRICE_FORMAT],
    ["0", PRICE_POSITIVE],
    ["0.00", PRICE_POSITIVE],
    ["100000", PRICE_TOO_HIGH],
  ])("refuses the price %j on the field price", (price, message) => {
    expect(submission((f) => f.set("price", price))).toEqual({
      success: false,
      fieldErrors: { price: message },
    });
  });

  it("refuses a missing name, a bad slug and an unknown category on their fields", () => {
    expect(submission((f) => f.set("name", "  "))).toMatchObject({
      fieldErrors: { name: "Name is required" },
    });
    for (const slug of ["Linen Shirt", "linen--shirt", "línen", "-x"]) {
      expect(submission((f) => f.set("slug", slug))).toMatchObject({
        fieldErrors: { slug: SLUG_FORMAT },
      });
    }
    expect(submission((f) => f.set("slug", ""))).toMatchObject({
      fieldErrors: { slug: "Slug is required" },
    });
    expect(submission((f) => f.set("category", "Pets"))).toMatchObject({
      fieldErrors: { category: "Choose a category" },
    });
    expect(submission((f) => f.set("description", ""))).toMatchObject({
      fieldErrors: { description: "Description is required" },
    });
  });

  it("reads an optional product type, trimmed; refuses one that is not a lower-case word with hyphens", () => {
    expect(submission((f) => f.set("productType", " t-shirts "))).toMatchObject({
      success: true,
      data: { productType: "t-shirts" },
    });
    const none = submission((f) => f.set("productType", "  "));
    expect(none.success && "productType" in none.data).toBe(false);
    for (const type of ["Dresses", "summer dresses", "-coats", "dresses!", "x".repeat(41)]) {
      expect(submission((f) => f.set("productType", type))).toEqual({
        success: false,
        fieldErrors: { productType: PRODUCT_TYPE_FORMAT },
      });
    }
  });

  it("needs a scale, and at least one size, each on the scale, in the scale's order", () => {
    expect(submission((f) => f.delete("sizes"))).toEqual({
      success: false,
      fieldErrors: { sizes: SIZES_REQUIRED },
    });
    expect(submission((f) => f.set("sizeScale", "giant"))).toEqual({
      success: false,
      fieldErrors: { sizeScale: SIZE_SCALE_REQUIRED },
    });
    expect(submission((f) => f.append("sizes", "XXXL"))).toEqual({
      success: false,
      fieldErrors: { sizes: sizesOutsideScale("adult") },
    });
    // A size of another scale: the kids' 3–4 years on an adult shirt.
    expect(submission((f) => f.append("sizes", "3-4y"))).toEqual({
      success: false,
      fieldErrors: { sizes: "Choose sizes of the scale “Adult letters (S–XXL)”" },
    });
    expect(submission((f) => f.set("sizeScale", "kids"))).toEqual({
      success: false,
      fieldErrors: { sizes: sizesOutsideScale("kids") },
    });
    expect(submission((f) => f.append("sizes", "S"))).toMatchObject({
      success: true,
      data: { sizes: ["S", "L"] },
    });
  });

  it("needs colours of the palette, each once, each shown by a photo; each photo of one of them", () => {
    expect(submission((f) => f.delete("colours"))).toMatchObject({
      success: false,
      fieldErrors: { colours: COLOURS_REQUIRED },
    });
    expect(submission((f) => f.append("colours", "plaid"))).toEqual({
      success: false,
      fieldErrors: { colours: COLOUR_UNKNOWN },
    });
    expect(submission((f) => f.set("colours", "forest"))).toMatchObject({
      success: false,
      fieldErrors: { images: IMAGE_COLOUR_UNKNOWN },
    });
    expect(
      submission((f) => {
        f.append("colours", "navy");
        f.set(variantField("stock", "navy", "S"), "1");
      }),
    ).toEqual({ success: false, fieldErrors: { colours: colourTwice("Navy") } });
    // An empty colourway: a colour no photo shows.
    expect(submission((f) => f.append("colours", "sky-blue"))).toEqual({
      success: false,
      fieldErrors: { colours: colourWithoutPhoto("Sky Blue") },
    });
    expect(
      submission((f) => {
        f.delete("imageColour");
        f.append("imageColour", "0");
        f.append("imageColour", "9");
      }),
    ).toMatchObject({ success: false, fieldErrors: { images: IMAGE_COLOUR_UNKNOWN } });
  });

  it("refuses a variant's bad cells on that cell's own field, all at once", () => {
    expect(
      submission((f) => {
        f.set(variantField("stock", "navy", "S"), "-1");
        f.set(variantField("stock", "forest", "L"), "2.5");
        f.set(variantField("gtin", "navy", "S"), "4006381333932");
        f.set(variantField("sku", "forest", "S"), "NAVY/S");
        f.set("price", "");
      }),
    ).toEqual({
      success: false,
      fieldErrors: {
        price: PRICE_REQUIRED,
        [variantField("stock", "navy", "S")]: STOCK_FORMAT,
        [variantField("stock", "forest", "L")]: STOCK_FORMAT,
        [variantField("gtin", "navy", "S")]: GTIN_FORMAT,
        [variantField("sku", "forest", "S")]: SKU_FORMAT,
      },
    });
    expect(submission((f) => f.set(variantField("stock", "navy", "S"), "100000"))).toEqual({
      success: false,
      fieldErrors: { [variantField("stock", "navy", "S")]: STOCK_FORMAT },
    });
  });

  it("refuses a SKU twice in the form on the later variant's field (as typed or normalised)", () => {
    expect(
      submission((f) => {
        f.set(variantField("sku", "forest", "L"), "LINEN-NAVY-S");
        f.set(variantField("sku", "forest", "S"), "linen navy s");
      }),
    ).toEqual({
      success: false,
      fieldErrors: {
        [variantField("sku", "forest", "S")]: SKU_REPEATED,
        [variantField("sku", "forest", "L")]: SKU_REPEATED,
      },
    });
  });

  it("needs 1 to 10 images, each once, with keys under products/ only", () => {
    expect(
      submission((f) => {
        f.delete("imageRef");
        f.delete("imageAlt");
      }),
    ).toEqual({ success: false, fieldErrors: { images: IMAGES_REQUIRED } });
    expect(
      submission((f) => {
        for (let i = 1; i < 10; i++) f.append("imageRef", `new:${i}`);
      }),
    ).toMatchObject({ fieldErrors: { images: TOO_MANY_IMAGES } });
    expect(submission((f) => f.append("imageRef", "new:0"))).toMatchObject({
      fieldErrors: { images: "Each image may appear once" },
    });
    expect(submission((f) => f.append("imageRef", "key:invoices/secret.pdf"))).toMatchObject({
      success: false,
    });
  });

  it("never throws on hostile shapes", () => {
    const hostile = { name: ["x"], price: 12, sizes: "S", images: [{ ref: 3 }], category: null };
    expect(parseForm(ProductFormSchema, hostile).success).toBe(false);
    expect(parseForm(ProductFormSchema, {}).success).toBe(false);
    expect(
      parseForm(ProductFormSchema, { colours: [3], sizes: [null], variants: [7, null] }).success,
    ).toBe(false);
  });
});

describe("euro prices", () => {
  it("parses euro text exactly into cents and back", () => {
    expect(parseEuroToCents("0.29")).toBe(29);
    expect(parseEuroToCents("19,9")).toBe(1990);
    expect(parseEuroToCents("€ 1 299.00")).toBe(129_900);
    expect(parseEuroToCents("12.")).toBeNull();
    expect(centsToEuroInput(4999)).toBe("49.99");
    expect(centsToEuroInput(2500)).toBe("25.00");
  });
});

describe("image references and operations", () => {
  it("accepts keys under products/ and refuses anything else", () => {
    expect(parseImageRef("key:products/a-b/c_1.webp")).toEqual({
      kind: "key",
      key: "products/a-b/c_1.webp",
    });
    expect(parseImageRef("new:3")).toEqual({ kind: "new", index: 3 });
    for (const bad of [
      "key:products/../invoices/x.pdf",
      "key:products//x.png",
      "key:invoices/x.pdf",
      "key:products/",
      "new:-1",
      "new:x",
      "products/x.png",
    ]) {
      expect(parseImageRef(bad)).toBeNull();
    }
  });

  it("moves and removes images, ignoring moves past either end", () => {
    const list = ["a", "b", "c"];
    expect(applyImageOperation(list, { op: "up", index: 1 })).toEqual(["b", "a", "c"]);
    expect(applyImageOperation(list, { op: "down", index: 1 })).toEqual(["a", "c", "b"]);
    expect(applyImageOperation(list, { op: "remove", index: 0 })).toEqual(["b", "c"]);
    expect(applyImageOperation(list, { op: "up", index: 0 })).toEqual(list);
    expect(applyImageOperation(list, { op: "down", index: 2 })).toEqual(list);
    expect(applyImageOperation(list, { op: "remove", index: 7 })).toEqual(list);
    expect(parseImageOperation("image-down:2")).toEqual({ op: "down", index: 2 });
    expect(parseImageOperation("image-sideways:2")).toBeNull();
    expect(parseImageOperation(null)).toBeNull();
    expect(parseImageOperation("colour-up:1")).toBeNull();
    expect(parseFormOperation("colour-remove:1")).toEqual({ on: "colour", op: "remove", index: 1 });
    expect(parseFormOperation("colour-add")).toEqual({ on: "colour-add" });
    expect(parseFormOperation("scale")).toEqual({ on: "scale" });
  });
});
