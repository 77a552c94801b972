// The admin's product changes against DynamoDB Local: update (with a slug change), delete, and
// the unique slug (two products never share one, also when renaming), each seen at once by the
// product page, the catalogue read model and the cart's price lookup.
import { GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import { CATALOG_VERSION_KEY, productKey, slugKey } from "../db/keys.ts";
import { type StockCounts, unitsOfEach } from "../inventory/stock.ts";
import { writeReview } from "../reviews/reviews.server.ts";
import { deleteProductImages, putProductImage } from "./images.server.ts";
import { deleteProduct } from "./product-deletion.server.ts";
import { getProductBySlug, getProductsByIds } from "./product-lookups.server.ts";
import {
  createProduct,
  PRODUCT_EXISTS,
  SLUG_TAKEN,
  updateProduct,
} from "./product-saves.server.ts";
import { getProductById, type NewProduct, PRODUCT_NOT_FOUND } from "./products.server.ts";
import { getCatalogPage } from "./search.server.ts";

const shirt = (
  slug: string,
  change: Partial<NewProduct> = {},
): NewProduct & { stock: StockCounts } => ({
  slug,
  name: `Shirt ${slug}`,
  category: "Men",
  priceCents: 4999,
  description: "A shirt.",
  sizes: ["S", "M"],
  stock: unitsOfEach(["S", "M"], 50),
  images: [
    { key: `products/${slug}/1.png`, alt: "Front" },
    { key: `products/${slug}/2.png`, alt: "Back" },
  ],
  ...change,
});

const version = async (test: TestContext) =>
  (
    await test.ctx.db.send(
      new GetCommand({ TableName: test.ctx.tableName, Key: CATALOG_VERSION_KEY }),
    )
  ).Item?.version as number;

const claim = async (test: TestContext, slug: string) =>
  (await test.ctx.db.send(new GetCommand({ TableName: test.ctx.tableName, Key: slugKey(slug) })))
    .Item;

async function expectDomainError(promise: Promise<unknown>, message: string, field?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ message, field });
}

describe("updateProduct", () => {
  it("replaces the fields, keeps ratings and creation time, bumps the version, shows at once", async () => {
    const test = await createTestContext();
    const created = await createProduct(test.ctx, shirt("linen-shirt"));
    await writeReview(test.ctx, {
      productId: created.id,
      userId: "u1",
      authorFirstName: "Ana",
      authorLastName: "G",
      rating: 4,
      description: "Nice",
      createdAt: new Date().toISOString(),
    });
    await getCatalogPage(test.ctx, { page: 1 }); // the read model is warm
    const before = await version(test);

    const { product, removedImageKeys } = await updateProduct(
      test.ctx,
      created.id,
      shirt("linen-shirt", {
        name: "Linen Shirt, washed",
        category: "Women",
        priceCents: 3999,
        sizes: ["M", "XL"],
        images: [
          { key: "products/linen-shirt/2.png", alt: "Back" },
          { key: "products/linen-shirt/3.png", alt: "Detail" },
        ],
      }),
    );

    expect(await version(test)).toBe(before + 1);
    expect(removedImageKeys).toEqual(["products/linen-shirt/1.png"]);
    expect(product).toMatchObject({ name: "Linen Shirt, washed", priceCents: 3999 });
    const stored = await getProductById(test.ctx, created.id);
    expect(stored).toMatchObject({
      slug: "linen-shirt",
      name: "Linen Shirt, washed",
      category: "Women",
      priceCents: 3999,
      sizes: ["M", "XL"],
      ratingCounts: [0, 0, 0, 1, 0],
      createdAt: created.createdAt,
    });
    expect(stored?.images.map((i) => i.key)).toEqual([
      "products/linen-shirt/2.png",
      "products/linen-shirt/3.png",
    ]);
    expect((await getProductBySlug(test.ctx, "linen-shirt"))?.priceCents).toBe(3999);
    expect((await getProductsByIds(test.ctx, [created.id]))[0]?.priceCents).toBe(3999);
    const women = await getCatalogPage(test.ctx, { category: "Women", page: 1 });
    expect(women.items.map((p) => [p.name, p.priceCents, p.imageUrl.split("/").pop()])).toEqual([
      ["Linen Shirt, washed", 3999, "2.png"],
    ]);
    expect((await getCatalogPage(test.ctx, { category: "Men", page: 1 })).total).toBe(0);
  });

  it("keeps the product type on the item, the read model and the cart's lookup; a save without one removes it", async () => {
    const test = await createTestContext();
    const created = await createProduct(test.ctx, shirt("wrap-dress", { productType: "dresses" }));
    expect(created.productType).toBe("dresses");
    const summary = async () =>
      (await getCatalogPage(test.ctx, { page: 1 })).items.find((p) => p.id === created.id);
    expect((await summary())?.productType).toBe("dresses");
    expect((await getProductsByIds(test.ctx, [created.id]))[0]?.productType).toBe("dresses");

    const { productType: _, ...untyped } = shirt("wrap-dress");
    const { product } = await updateProduct(test.ctx, created.id, untyped);
    expect(product.productType).toBeUndefined();
    const item = await test.ctx.db.send(
      new GetCommand({ TableName: test.ctx.tableName, Key: productKey(created.id) }),
    );
    expect(item.Item && "productType" in item.Item).toBe(false);
    expect((await getProductBySlug(test.ctx, "wrap-dress"))?.productType).toBeUndefined();
    expect((await summary())?.productType).toBeUndefined();
    await updateProduct(test.ctx, created.id, shirt("wrap-dress", { productType: "skirts" }));
    expect((await getProductById(test.ctx, created.id))?.productType).toBe("skirts");
  });

  it("moves the slug: the new one finds it, the old one is free for another product", async () => {
    const test = await createTestContext();
    const created = await createProduct(test.ctx, shirt("old-slug"));
    await updateProduct(test.ctx, created.id, shirt("new-slug"));

    expect((await getProductBySlug(test.ctx, "new-slug"))?.id).toBe(created.id);
    expect(await getProductBySlug(test.ctx, "old-slug")).toBeNull();
    expect(await claim(test, "old-slug")).toBeUndefined();
    expect((await claim(test, "new-slug"))?.productId).toBe(created.id);
    const other = await createProduct(test.ctx, shirt("old-slug"));
    expect((await getProductBySlug(test.ctx, "old-slug"))?.id).toBe(other.id);
  });

  it("refuses a slug another product holds, on the field slug, and changes nothing", async () => {
    const test = await createTestContext();
    const a = await createProduct(test.ctx, shirt("first"));
    const b = await createProduct(test.ctx, shirt("second"));
    const before = await version(test);

    await expectDomainError(
      updateProduct(test.ctx, b.id, shirt("first", { priceCents: 1 })),
      SLUG_TAKEN,
      "slug",
    );

    expect(await version(test)).toBe(before);
    expect(await getProductById(test.ctx, b.id)).toMatchObject({
      slug: "second",
      priceCents: 4999,
    });
    expect((await claim(test, "second"))?.productId).toBe(b.id);
    expect((await claim(test, "first"))?.productId).toBe(a.id);
    expect((await getProductBySlug(test.ctx, "first"))?.id).toBe(a.id);
  });

  it("lets exactly one of two concurrent renames to the same slug win", async () => {
    const test = await createTestContext();
    const a = await createProduct(test.ctx, shirt("alpha"));
    const b = await createProduct(test.ctx, shirt("beta"));
    const results = await Promise.allSettled([
      updateProduct(test.ctx, a.id, shirt("gamma")),
      updateProduct(test.ctx, b.id, shirt("gamma")),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const winner = (await claim(test, "gamma"))?.productId;
    expect([a.id, b.id]).toContain(winner);
    const loser = winner === a.id ? b : a;
    expect((await getProductById(test.ctx, loser.id))?.slug).toBe(loser.slug);
    expect((await claim(test, loser.slug))?.productId).toBe(loser.id);
  });

  it("refuses creating a second product with a taken slug", async () => {
    const test = await createTestContext();
    await createProduct(test.ctx, shirt("taken"));
    await expectDomainError(createProduct(test.ctx, shirt("taken")), SLUG_TAKEN, "slug");
    expect((await getCatalogPage(test.ctx, { page: 1 })).total).toBe(1);
  });

  it("refuses creating a product under an id that exists, keeping both as they were", async () => {
    const test = await createTestContext();
    const first = await createProduct(test.ctx, shirt("original"));
    await expectDomainError(
      createProduct(test.ctx, shirt("impostor"), { id: first.id }),
      PRODUCT_EXISTS,
    );
    expect(await getProductById(test.ctx, first.id)).toMatchObject({ slug: "original" });
    expect(await claim(test, "impostor")).toBeUndefined();
  });

  it("answers 404 for a product that does not exist", async () => {
    const test = await createTestContext();
    await expectDomainError(updateProduct(test.ctx, "no-such-id", shirt("x")), PRODUCT_NOT_FOUND);
    await expectDomainError(updateProduct(test.ctx, "PRODUCT#1", shirt("x")), PRODUCT_NOT_FOUND);
    expect(await claim(test, "x")).toBeUndefined();
  });
});

describe("deleteProduct", () => {
  it("removes the product, its slug claim and its reviews; the storefront and carts stop showing it", async () => {
    const test = await createTestContext();
    const doomed = await createProduct(test.ctx, shirt("doomed"));
    const kept = await createProduct(test.ctx, shirt("kept"));
    for (const userId of ["u1", "u2"]) {
      await writeReview(test.ctx, {
        productId: doomed.id,
        userId,
        authorFirstName: "Ana",
        authorLastName: "G",
        rating: 5,
        description: "Great",
        createdAt: new Date().toISOString(),
      });
    }
    expect((await getCatalogPage(test.ctx, { page: 1 })).total).toBe(2);
    const before = await version(test);

    const result = await deleteProduct(test.ctx, doomed.id);

    expect(result.reviewsDeleted).toBe(2);
    expect(result.imageKeys).toEqual(["products/doomed/1.png", "products/doomed/2.png"]);
    expect(await version(test)).toBe(before + 1);
    expect(await getProductById(test.ctx, doomed.id)).toBeNull();
    expect(await getProductBySlug(test.ctx, "doomed")).toBeNull();
    expect(await claim(test, "doomed")).toBeUndefined();
    expect((await getProductsByIds(test.ctx, [doomed.id, kept.id])).map((p) => p.id)).toEqual([
      kept.id,
    ]);
    const catalogue = await getCatalogPage(test.ctx, { page: 1 });
    expect(catalogue.items.map((p) => p.id)).toEqual([kept.id]);
    const { Item: review } = await test.ctx.db.send(
      new GetCommand({
        TableName: test.ctx.tableName,
        Key: { pk: `PRODUCT#${doomed.id}`, sk: "REVIEW#u1" },
      }),
    );
    expect(review).toBeUndefined();
    // The slug is free again.
    await createProduct(test.ctx, shirt("doomed"));

    await expectDomainError(deleteProduct(test.ctx, doomed.id), PRODUCT_NOT_FOUND);
  });
});

describe("product images in the bucket", () => {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );

  it("stores a checked image under products/<id>/ with its type, and deletes it", async () => {
    const test = await createTestContext();
    const key = await putProductImage(test.ctx, "abc-123", png, "dot.png");
    expect(key).toMatch(/^products\/abc-123\/[0-9a-f-]{36}\.png$/);
    const object = await (await test.ctx.s3()).send(
      new GetObjectCommand({ Bucket: test.ctx.config.imagesBucket, Key: key }),
    );
    expect(object.ContentType).toBe("image/png");
    expect(Buffer.from(await (object.Body?.transformToByteArray() ?? []))).toEqual(png);

    await deleteProductImages(test.ctx, [key, "invoices/not-mine.pdf"]);
    const gone = await (await test.ctx.s3())
      .send(new HeadObjectCommand({ Bucket: test.ctx.config.imagesBucket, Key: key }))
      .then(() => false)
      .catch(() => true);
    expect(gone).toBe(true);
  });

  it("refuses an SVG or a file that only claims to be an image, storing nothing", async () => {
    const test = await createTestContext();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    await expectDomainError(
      putProductImage(test.ctx, "abc-123", svg, "logo.png"),
      "logo.png must be a JPEG, PNG, WebP, GIF or AVIF image",
      "images",
    );
  });
});
