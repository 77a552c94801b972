// Submitting the admin's product form through core: files checked by content, stored images
// only the product's own, image and colourway operations, a save with colourways, a size scale
// and a stock grid (counts by variant key), and a refused save that keeps nothing.
import { randomUUID } from "node:crypto";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { getStock } from "../inventory/stock.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import {
  formFieldOf,
  submitProductForm,
  UNKNOWN_IMAGE,
  type UploadedFile,
} from "./product-form.server.ts";
import { SKU_REPEATED, STOCK_FORMAT, sizesOutsideScale, variantField } from "./product-form.ts";
import { productDraft } from "./product-form-draft.ts";
import { createProduct } from "./product-saves.server.ts";
import { PRODUCT_TYPE_FORMAT } from "./product-type.ts";
import { getProductById } from "./products.server.ts";

const png: UploadedFile = {
  name: "dot.png",
  bytes: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
};

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

const filled = (extra: Record<string, string | string[]> = {}) =>
  form({
    name: "Boxy Linen Shirt",
    slug: "",
    category: "Men",
    price: "49,90",
    description: "Loose and light.",
    sizeScale: "adult",
    sizes: ["L", "S"],
    colours: ["navy"],
    imageRef: ["new:0", "new:1"],
    imageAlt: ["Front", ""],
    imageColour: ["0", "0"],
    intent: "save",
    ...extra,
  });

async function keysIn(test: TestContext, folder: string): Promise<string[]> {
  const { Contents = [] } = await (await test.ctx.s3()).send(
    new ListObjectsV2Command({ Bucket: test.ctx.config.imagesBucket, Prefix: folder }),
  );
  return Contents.map((object) => object.Key ?? "");
}

describe("submitProductForm", () => {
  it("creates the product with its uploaded images in order, the slug made from the name", async () => {
    const test = await createTestContext();
    const ID = randomUUID(); // the bucket is shared by the tests: a folder of its own
    const result = await submitProductForm(test.ctx, null, ID, filled(), [png, png]);
    expect(result).toMatchObject({ outcome: "saved", created: true });
    const stored = await getProductById(test.ctx, ID);
    expect(stored).toMatchObject({
      slug: "boxy-linen-shirt",
      priceCents: 4990,
      sizes: ["S", "L"],
    });
    expect(stored?.images.map((image) => image.alt)).toEqual(["Front", "Boxy Linen Shirt"]);
    expect((await keysIn(test, `products/${ID}/`)).sort()).toEqual(
      stored?.images.map((image) => image.key).sort(),
    );
  });

  it("saves the product type typed, shows it again, and a bad one is a 400 on its field", async () => {
    const test = await createTestContext();
    const ID = randomUUID();
    const typed = filled({ productType: "shirts", slug: `typed-${ID}` });
    expect(await submitProductForm(test.ctx, null, ID, typed, [png, png])).toMatchObject({
      outcome: "saved",
    });
    const stored = await getProductById(test.ctx, ID);
    expect(stored?.productType).toBe("shirts");
    expect(productDraft(stored, ID).productType).toBe("shirts");
    const bad = filled({ productType: "Shirts!", slug: `bad-${ID}` });
    expect(await submitProductForm(test.ctx, null, randomUUID(), bad, [png, png])).toMatchObject({
      status: 400,
      fieldErrors: { productType: PRODUCT_TYPE_FORMAT },
    });
  });

  it("refuses a file that is not an image, by its content, storing nothing", async () => {
    const test = await createTestContext();
    const ID = randomUUID(); // the bucket is shared by the tests: a folder of its own
    const svg = {
      name: "logo.png",
      bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    };
    const result = await submitProductForm(test.ctx, null, ID, filled(), [png, svg]);
    expect(result).toMatchObject({
      outcome: "refused",
      status: 400,
      fieldErrors: { images: "logo.png must be a JPEG, PNG, WebP, GIF or AVIF image" },
      draft: { name: "Boxy Linen Shirt", price: "49,90", images: [] },
    });
    expect(await getProductById(test.ctx, ID)).toBeNull();
    expect(await keysIn(test, `products/${ID}/`)).toEqual([]);
  });

  it("refuses another product's image", async () => {
    const test = await createTestContext();
    const ID = randomUUID(); // the bucket is shared by the tests: a folder of its own
    const other = "1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5";
    const result = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({ imageRef: [`key:products/${other}/x.png`], imageAlt: [""] }),
      [],
    );
    expect(result).toMatchObject({ outcome: "refused", fieldErrors: { images: UNKNOWN_IMAGE } });
  });

  it("applies an image operation: new files are stored and the list answered in its new order", async () => {
    const test = await createTestContext();
    const ID = randomUUID(); // the bucket is shared by the tests: a folder of its own
    const result = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({ intent: "image-up:1", imageAlt: ["Front", "Back"] }),
      [png, png],
    );
    if (result.outcome !== "changed") throw new Error(`unexpected ${result.outcome}`);
    expect(result.draft.images.map((image) => image.alt)).toEqual(["Back", "Front"]);
    // Stored, and named as this server's uploads (a key alone is only for the product's own).
    expect(
      result.draft.images.every((image) => image.ref.startsWith(`upload:products/${ID}/`)),
    ).toBe(true);
    expect(await getProductById(test.ctx, ID)).toBeNull(); // not saved yet
  });

  it("a refused save (slug taken) keeps nothing, not even the uploaded files", async () => {
    const test = await createTestContext();
    const ID = randomUUID(); // the bucket is shared by the tests: a folder of its own
    await createProduct(test.ctx, {
      slug: "boxy-linen-shirt",
      name: "Older shirt",
      category: "Men",
      priceCents: 1000,
      description: "Older.",
      sizes: ["M"],
      stock: unitsOfEach(["M"], 50),
      images: [{ key: "products/older/1.png", alt: "Front" }],
    });
    const result = await submitProductForm(test.ctx, null, ID, filled(), [png, png]);
    expect(result).toMatchObject({ outcome: "refused", status: 409 });
    expect(result.outcome === "refused" && result.fieldErrors.slug).toBeTruthy();
    expect(await getProductById(test.ctx, ID)).toBeNull();
    expect(await keysIn(test, `products/${ID}/`)).toEqual([]);
  });

  it("creates a kids' product in two colourways, each photo under its colour, the grid's units by variant key", async () => {
    const test = await createTestContext();
    const ID = randomUUID();
    const result = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({
        slug: "rain-parka",
        sizeScale: "kids",
        sizes: ["4-5y", "3-4y"],
        colours: ["forest", "navy"],
        imageAlt: ["Forest parka", "Navy parka"],
        imageColour: ["0", "1"],
        [variantField("stock", "forest", "3-4y")]: "2",
        [variantField("stock", "navy", "4-5y")]: "7",
        [variantField("sku", "navy", "4-5y")]: "parka navy 4",
        [variantField("gtin", "navy", "4-5y")]: "4006381333931",
      }),
      [png, png],
    );
    expect(result).toMatchObject({ outcome: "saved", created: true });
    const stored = await getProductById(test.ctx, ID);
    expect(stored).toMatchObject({ sizeScale: "kids", sizes: ["3-4y", "4-5y"] });
    expect(
      stored?.colourways.map((c) => [c.colour.id, c.images.map((image) => image.alt)]),
    ).toEqual([
      ["forest", ["Forest parka"]],
      ["navy", ["Navy parka"]],
    ]);
    expect(stored?.variants.map(({ key, sku, gtin }) => [key, sku, gtin])).toEqual([
      ["forest/3-4y", "RAIN-PARKA-FOREST-3-4Y", undefined],
      ["forest/4-5y", "RAIN-PARKA-FOREST-4-5Y", undefined],
      ["navy/3-4y", "RAIN-PARKA-NAVY-3-4Y", undefined],
      ["navy/4-5y", "PARKA-NAVY-4", "4006381333931"],
    ]);
    expect(await getStock(test.ctx, ID)).toEqual({
      "forest/3-4y": 2,
      "forest/4-5y": 0,
      "navy/3-4y": 0,
      "navy/4-5y": 7,
    });

    // Edited: the form shows each variant's units, SKU and barcode; a sale made meanwhile is kept.
    if (!stored) throw new Error("not stored");
    const draft = productDraft(stored, "", await getStock(test.ctx, ID));
    expect(draft.colours).toEqual(["forest", "navy"]);
    expect(draft.variants["navy/4-5y"]).toEqual({
      stock: "7",
      shown: 7,
      sku: "PARKA-NAVY-4",
      gtin: "4006381333931",
    });
    const edit = form({
      name: stored.name,
      slug: stored.slug,
      category: "Kid",
      price: "49.90",
      description: "Loose and light.",
      sizeScale: "kids",
      sizes: ["3-4y", "4-5y"],
      // Reordered: navy first; the photos follow their colours (sent by position).
      colours: ["navy", "forest"],
      imageRef: stored.images.map((image) => `key:${image.key}`),
      imageAlt: ["Forest parka", "Navy parka"],
      imageColour: ["1", "0"],
      ...Object.fromEntries(
        stored.variants.flatMap((v) => [
          [variantField("stock", v.colour, v.size), String(draft.variants[v.key]?.stock)],
          [variantField("shown", v.colour, v.size), String(draft.variants[v.key]?.shown)],
          [variantField("sku", v.colour, v.size), v.sku],
        ]),
      ),
      [variantField("stock", "navy", "4-5y")]: "10",
      intent: "save",
    });
    const edited = await submitProductForm(test.ctx, stored, ID, edit, []);
    expect(edited).toMatchObject({ outcome: "saved", created: false });
    const after = await getProductById(test.ctx, ID);
    expect(after?.colourways.map((c) => [c.colour.id, c.images.map((i) => i.alt)])).toEqual([
      ["navy", ["Navy parka"]],
      ["forest", ["Forest parka"]],
    ]);
    expect((await getStock(test.ctx, ID))["navy/4-5y"]).toBe(10);
  });

  it("refuses bad cells and a size off the scale on their fields, storing nothing", async () => {
    const test = await createTestContext();
    const ID = randomUUID();
    // A negative count, and two SKUs that are one once normalised.
    const badCells = {
      [variantField("stock", "navy", "S")]: "-3",
      [variantField("sku", "navy", "L")]: "SAME-SKU",
      [variantField("sku", "navy", "S")]: "same sku",
    };
    const result = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({ sizes: ["S", "6-9m"], ...badCells }),
      [png, png],
    );
    expect(result).toMatchObject({
      outcome: "refused",
      status: 400,
      fieldErrors: { sizes: sizesOutsideScale("adult") },
    });
    const fixed = await submitProductForm(test.ctx, null, ID, filled(badCells), [png, png]);
    expect(fixed).toMatchObject({
      outcome: "refused",
      status: 400,
      fieldErrors: {
        [variantField("stock", "navy", "S")]: STOCK_FORMAT,
        [variantField("sku", "navy", "L")]: SKU_REPEATED,
      },
      // What was typed comes back, to be corrected.
      draft: { variants: { "navy/S": { stock: "-3", sku: "same sku" } } },
    });
    expect(await getProductById(test.ctx, ID)).toBeNull();
    expect(await keysIn(test, `products/${ID}/`)).toEqual([]);
  });

  it("refuses a SKU another product holds on that variant's SKU field, storing nothing", async () => {
    const test = await createTestContext();
    const ID = randomUUID();
    await createProduct(test.ctx, {
      slug: "older-shirt",
      name: "Older shirt",
      category: "Men",
      priceCents: 1000,
      description: "Older.",
      sizes: ["M"],
      colours: ["navy"],
      variants: { "navy/M": { sku: "TAKEN-SKU-1" } },
      stock: { "navy/M": 5 },
      images: [{ key: "products/older/1.png", alt: "Front", colour: "navy" }],
    });
    const result = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({ [variantField("sku", "navy", "L")]: "taken-sku-1" }),
      [png, png],
    );
    // The catalogue's SKU claims refuse it (core/src/catalog/sku-claims.server.ts), on the field of
    // the variant that has it.
    if (result.outcome !== "refused") throw new Error(`unexpected ${result.outcome}`);
    expect([400, 409]).toContain(result.status);
    expect(result.fieldErrors[variantField("sku", "navy", "L")]).toBeTruthy();
    expect(await getProductById(test.ctx, ID)).toBeNull();
    expect(await keysIn(test, `products/${ID}/`)).toEqual([]);
  });

  it("without JavaScript: adds, moves and removes colourways and shows a scale's sizes, keeping what was typed", async () => {
    const test = await createTestContext();
    const ID = randomUUID();
    const typed = {
      [variantField("stock", "navy", "S")]: "4",
      [variantField("sku", "navy", "S")]: "MY-SKU",
    };
    const added = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({ ...typed, intent: "colour-add", newColour: "forest" }),
      [],
    );
    if (added.outcome !== "changed") throw new Error(`unexpected ${added.outcome}`);
    expect(added.draft.colours).toEqual(["navy", "forest"]);
    expect(added.draft.variants["navy/S"]).toMatchObject({ stock: "4", sku: "MY-SKU" });
    expect(added.draft.variants["forest/S"]).toMatchObject({ stock: "0", sku: "" });

    const moved = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({ ...typed, colours: ["navy", "forest"], intent: "colour-down:0" }),
      [],
    );
    expect(moved.outcome === "changed" && moved.draft.colours).toEqual(["forest", "navy"]);

    const removed = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({ colours: ["navy", "forest"], intent: "colour-remove:0" }),
      [],
    );
    expect(removed.outcome === "changed" && removed.draft.colours).toEqual(["forest"]);

    const twice = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({ intent: "colour-add", newColour: "navy" }),
      [],
    );
    expect(twice).toMatchObject({
      outcome: "refused",
      status: 400,
      fieldErrors: { newColour: expect.any(String) },
    });

    const scaled = await submitProductForm(
      test.ctx,
      null,
      ID,
      filled({ sizeScale: "baby", intent: "scale" }),
      [],
    );
    expect(scaled).toMatchObject({ outcome: "changed", draft: { sizeScale: "baby", sizes: [] } });
  });
});

describe("formFieldOf", () => {
  it("names a variant's SKU cell for the catalogue's refusal of it", () => {
    expect(formFieldOf("variants.navy/3-4y.sku")).toBe(variantField("sku", "navy", "3-4y"));
    expect(formFieldOf("slug")).toBe("slug");
  });
});
