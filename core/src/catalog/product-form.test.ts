import { describe, expect, it } from "vitest";
import { parseForm } from "../common/forms.ts";
import {
  applyImageOperation,
  centsToEuroInput,
  IMAGES_REQUIRED,
  PRICE_FORMAT,
  PRICE_POSITIVE,
  PRICE_REQUIRED,
  PRICE_TOO_HIGH,
  ProductFormFieldsSchema,
  ProductFormSchema,
  parseEuroToCents,
  parseImageOperation,
  parseImageRef,
  productFormInput,
  SIZES_REQUIRED,
  SIZES_UNKNOWN,
  SLUG_FORMAT,
  TOO_MANY_IMAGES,
} from "./product-form.ts";

/** A valid submission, as the browser sends it; `change` edits it. */
function submission(change: (form: FormData) => void = () => {}) {
  const form = new FormData();
  form.set("name", "  Linen Shirt ");
  form.set("slug", "linen-shirt");
  form.set("category", "Men");
  form.set("price", "49.99");
  form.set("description", "A shirt of washed linen.");
  form.append("sizes", "L");
  form.append("sizes", "S");
  form.append("imageRef", "key:products/abc/1.png");
  form.append("imageAlt", "Front");
  form.append("imageRef", "new:0");
  form.append("imageAlt", "");
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
      sizes: "M",
      imageRef: ["key:products/abc/1.png", "new:0"],
      imageAlt: ["Front", ""],
    };
    expect(parseForm(ProductFormFieldsSchema, fields)).toMatchObject({
      success: true,
      data: {
        price: 4999,
        sizes: ["M"],
        images: [
          { ref: { kind: "key", key: "products/abc/1.png" }, alt: "Front" },
          { ref: { kind: "new", index: 0 }, alt: "" },
        ],
      },
    });
    expect(
      parseForm(ProductFormFieldsSchema, { ...fields, imageRef: "new:0", imageAlt: "x" }),
    ).toMatchObject({ success: true, data: { images: [{ ref: { kind: "new", index: 0 } }] } });
  });

  it("says what the form says, on the form's own fields", () => {
    expect(parseForm(ProductFormFieldsSchema, {})).toMatchObject({
      success: false,
      fieldErrors: { sizes: SIZES_REQUIRED, images: IMAGES_REQUIRED, price: PRICE_REQUIRED },
    });
  });
});

describe("ProductFormSchema", () => {
  it("reads a valid form: trimmed name, price in cents, sizes in shop order, images in order", () => {
    expect(submission()).toEqual({
      success: true,
      data: {
        name: "Linen Shirt",
        slug: "linen-shirt",
        category: "Men",
        price: 4999,
        description: "A shirt of washed linen.",
        sizes: ["S", "L"],
        images: [
          { ref: { kind: "key", key: "products/abc/1.png" }, alt: "Front" },
          { ref: { kind: "new", index: 0 }, alt: "" },
        ],
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

  it("needs at least one size, each among S–XXL", () => {
    expect(submission((f) => f.delete("sizes"))).toEqual({
      success: false,
      fieldErrors: { sizes: SIZES_REQUIRED },
    });
    expect(submission((f) => f.append("sizes", "XXXL"))).toMatchObject({
      fieldErrors: { sizes: SIZES_UNKNOWN },
    });
    expect(submission((f) => f.append("sizes", "S"))).toMatchObject({
      success: true,
      data: { sizes: ["S", "L"] },
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
  });
});
