// The image-variants function's work against the local S3 and the table: a large photo becomes
// AVIF and WebP variants no wider than it, with EXIF orientation applied and no metadata; the
// product then offers them; a corrupt file is recorded failed and left out of the storefront;
// an upload processed before its product exists reaches the product when it is created.
import { randomUUID } from "node:crypto";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, updateProduct } from "../catalog/product-saves.server.ts";
import { getProductById } from "../catalog/products.server.ts";
import { catalogSnapshot } from "../catalog/read-model.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { processUpload, UNDECODABLE } from "./process.server.ts";
import { photoLikeJpeg } from "./test-fixtures.ts";

let test: TestContext;
beforeAll(async () => {
  test = await createTestContext();
});

async function upload(productId: string, bytes: Uint8Array, ext = "jpg") {
  const key = `products/${productId}/${randomUUID()}.${ext}`;
  await (await test.ctx.s3()).send(
    new PutObjectCommand({ Bucket: test.ctx.config.imagesBucket, Key: key, Body: bytes }),
  );
  return key;
}

async function object(key: string) {
  const got = await (await test.ctx.s3()).send(
    new GetObjectCommand({ Bucket: test.ctx.config.imagesBucket, Key: key }),
  );
  return {
    bytes: Buffer.from((await got.Body?.transformToByteArray()) ?? []),
    type: got.ContentType,
    cacheControl: got.CacheControl,
  };
}

async function newProduct(id: string, keys: string[]) {
  return createProduct(
    test.ctx,
    {
      slug: `p-${id}`,
      name: "Grain Test Coat",
      category: "Women",
      priceCents: 12_900,
      description: "",
      sizes: ["M"],
      images: keys.map((key) => ({ key, alt: "" })),
      stock: unitsOfEach(["M"], 3),
    },
    { id },
  );
}

describe("processUpload", () => {
  it("makes AVIF and WebP variants of a large JPEG at each width it reaches, then the product offers them", async () => {
    const id = randomUUID();
    const original = await photoLikeJpeg(4000, 3000);
    expect(original.byteLength).toBeGreaterThan(1_000_000);
    const key = await upload(id, original);
    await newProduct(id, [key]);
    const before = await getProductById(test.ctx, id);
    expect(before?.images[0]?.sources).toBeUndefined(); // the original, until processed

    const result = await processUpload(test.ctx, key);
    expect(result).toMatchObject({ outcome: "ready", width: 4000, height: 3000 });
    const stem = key.slice(key.lastIndexOf("/") + 1, -".jpg".length);
    for (const width of [320, 640, 960, 1600]) {
      for (const format of ["avif", "webp"] as const) {
        const variant = await object(`variants/${id}/${stem}-${width}w.${format}`);
        expect(variant.type).toBe(`image/${format}`);
        expect(variant.cacheControl).toBe("public, max-age=31536000, immutable");
        const meta = await sharp(variant.bytes).metadata();
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 3000) / 4000)); // aspect ratio kept
        expect(meta.exif).toBeUndefined();
        expect(variant.bytes.byteLength).toBeLessThan(original.byteLength / 10);
      }
    }
    const product = await getProductById(test.ctx, id);
    expect(product?.images[0]?.sources).toMatchObject({ width: 4000, height: 3000 });
    expect(product?.images[0]?.sources?.avif).toContain(`variants/${id}/${stem}-1600w.avif 1600w`);
    expect(product?.images[0]?.sources?.webp).toContain(`variants/${id}/${stem}-320w.webp 320w`);
    // The catalogue (its version bumped with the record) offers them on the card too.
    const card = (await catalogSnapshot(test.ctx)).items.find((item) => item.id === id);
    expect(card?.imageSources?.avif).toContain("-960w.avif 960w");
  }, 60_000);

  it("never upscales: an original narrower than every width gets one variant at its own width", async () => {
    const id = randomUUID();
    const key = await upload(id, await photoLikeJpeg(200, 250));
    await newProduct(id, [key]);
    expect(await processUpload(test.ctx, key)).toMatchObject({ outcome: "ready", width: 200 });
    const product = await getProductById(test.ctx, id);
    expect(product?.images[0]?.sources?.webp).toMatch(/-200w\.webp 200w$/);
    expect(product?.images[0]?.sources?.avif).not.toContain("320w");
  });

  it("applies the EXIF orientation (a portrait shot stored sideways comes out upright)", async () => {
    const id = randomUUID();
    // Stored 400 × 300 with orientation 6 (rotate 90°): the photo is 300 × 400.
    const key = await upload(id, await photoLikeJpeg(400, 300, 6));
    expect(await processUpload(test.ctx, key)).toMatchObject({
      outcome: "ready",
      width: 300,
      height: 400,
    });
  });

  it("records a corrupt JPEG as failed: the storefront leaves it out, the admin sees it", async () => {
    const id = randomUUID();
    const good = await upload(id, await photoLikeJpeg(400, 500));
    // A JPEG's signature (it passes the upload's content check), then nothing decodable.
    const corrupt = await upload(
      id,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]),
    );
    await newProduct(id, [corrupt, good]);
    expect(await processUpload(test.ctx, corrupt)).toEqual({
      outcome: "failed",
      key: corrupt,
      reason: UNDECODABLE,
    });
    await processUpload(test.ctx, good);
    const product = await getProductById(test.ctx, id);
    expect(product?.images.map((image) => image.key)).toEqual([good]);
    expect(product?.failedImages.map((image) => image.key)).toEqual([corrupt]);
    const card = (await catalogSnapshot(test.ctx)).items.find((item) => item.id === id);
    expect(card?.imageUrl).toContain(good);
    // No variant was written for it.
    const stem = corrupt.slice(corrupt.lastIndexOf("/") + 1, -".jpg".length);
    await expect(
      (await test.ctx.s3()).send(
        new HeadObjectCommand({
          Bucket: test.ctx.config.imagesBucket,
          Key: `variants/${id}/${stem}-320w.webp`,
        }),
      ),
    ).rejects.toThrow();
  });

  it("an upload processed before its product exists reaches the product when it is created", async () => {
    const id = randomUUID();
    const key = await upload(id, await photoLikeJpeg(700, 875));
    expect(await processUpload(test.ctx, key)).toMatchObject({ outcome: "ready" });
    await newProduct(id, [key]);
    const product = await getProductById(test.ctx, id);
    expect(product?.images[0]?.sources?.webp).toContain("-640w.webp 640w");
  });

  it("an admin's later save keeps the recorded variants", async () => {
    const id = randomUUID();
    const key = await upload(id, await photoLikeJpeg(700, 875));
    const created = await newProduct(id, [key]);
    await processUpload(test.ctx, key);
    const { product } = await updateProduct(test.ctx, id, {
      ...created,
      variants: {},
      name: "Grain Test Coat II",
      images: [{ key, alt: "Front" }],
    });
    expect(product.images[0]?.sources?.avif).toContain("-640w.avif 640w");
  });

  it("skips what is not a raster upload of a product (SVG, variants) and objects removed since", async () => {
    expect(await processUpload(test.ctx, "products/p/x.svg")).toMatchObject({ outcome: "skipped" });
    expect(await processUpload(test.ctx, "variants/p/x-320w.webp")).toMatchObject({
      outcome: "skipped",
    });
    expect(
      await processUpload(test.ctx, `products/${randomUUID()}/${randomUUID()}.jpg`),
    ).toMatchObject({ outcome: "skipped", why: "no such object" });
  });
});
