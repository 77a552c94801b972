// Submitting the admin's product form through core: files checked by content, stored images
// only the product's own, image operations, and a refused save that keeps nothing.
import { randomUUID } from "node:crypto";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { unitsOfEach } from "../inventory/stock.ts";
import { submitProductForm, UNKNOWN_IMAGE, type UploadedFile } from "./product-form.server.ts";
import { createProduct, getProductById } from "./products.server.ts";

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
    sizes: ["L", "S"],
    imageRef: ["new:0", "new:1"],
    imageAlt: ["Front", ""],
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
});
