// The seed as `npm start` writes it (docs/architecture.md §6), against DynamoDB Local and the
// local S3: every product with its colourways, each photo under its colour and stored in the
// images bucket, its size scale, units per variant (docs/product.md §9); a second run adds
// nothing.
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getProductBySlug } from "@shop/core/server/catalog";
import { getStock } from "@shop/core/server/inventory";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "../seed-data/index.ts";
import { seed } from "./seed.ts";

let test: TestContext;
const logged: string[] = [];

beforeAll(async () => {
  test = await createTestContext();
  await seed(test.ctx, {
    adminPassword: "admin1234",
    customerPassword: "customer1234",
    log: (line) => logged.push(line),
  });
}, 180_000);

const seeded = async (slug: string) => {
  const product = await getProductBySlug(test.ctx, slug);
  if (!product) throw new Error(`${slug} was not seeded`);
  return product;
};

describe("the seed", () => {
  it("writes each product's colourways, each with its own photos, front view first", async () => {
    const polo = await seeded("pique-polo-shirt");
    expect(polo.colourways.map((colourway) => colourway.colour.name)).toEqual(["Forest", "Navy"]);
    for (const { colour, images } of polo.colourways) {
      expect(images.length).toBeGreaterThanOrEqual(1);
      expect(images[0]?.alt).toBe(`${colour.name} Piqué Polo Shirt, front view`);
      for (const image of images) {
        expect(image.colour).toBe(colour.id);
        expect(image.alt.startsWith(colour.name)).toBe(true);
      }
    }
    // The photo is in the bucket, as the seed data draws it.
    const navyFront = polo.colourways[1]?.images[0];
    const s3 = await test.ctx.s3();
    const object = await s3.send(
      new GetObjectCommand({ Bucket: test.ctx.config.imagesBucket, Key: navyFront?.key }),
    );
    expect(object.ContentType).toBe("image/svg+xml");
    const svg = await object.Body?.transformToString();
    expect(svg).toBe(
      SEED_PRODUCTS.flatMap((p) => p.images).find((i) => i.key === navyFront?.key)?.svg,
    );
    // A variant per colourway and size, with the suggested SKU.
    expect(polo.variants.map((variant) => variant.sku)).toContain("PIQUE-POLO-SHIRT-NAVY-M");
  });

  it("sizes a kids' product by age, a baby's by months, jeans by waist, a cap in one size, socks by shoe size", async () => {
    const scaleAndSizes = async (slug: string) => {
      const product = await seeded(slug);
      return [product.sizeScale, product.sizes[0], product.sizes.at(-1)];
    };
    expect(await scaleAndSizes("kids-organic-cotton-tee")).toEqual(["kids", "2-3y", "11-12y"]);
    expect(await scaleAndSizes("organic-cotton-bodysuit")).toEqual(["baby", "0-1m", "18-24m"]);
    expect(await scaleAndSizes("slim-selvedge-jeans")).toEqual(["waist", "W28", "W36"]);
    expect(await scaleAndSizes("six-panel-cotton-cap")).toEqual(["one-size", "OS", "OS"]);
    expect(await scaleAndSizes("merino-hiking-socks")).toEqual(["socks", "39-42", "43-46"]);
    expect(await scaleAndSizes("organic-cotton-crew-t-shirt")).toEqual(["adult", "S", "XXL"]);
  });

  it("keeps units per variant, as the seed data says", async () => {
    for (const slug of ["pique-polo-shirt", "kids-down-parka", "fisherman-rib-beanie"]) {
      const product = await seeded(slug);
      const expected = SEED_PRODUCTS.find((p) => p.slug === slug)?.stock;
      expect(await getStock(test.ctx, product.id), slug).toEqual(expected);
      expect(Object.keys(expected ?? {})).toEqual(product.variants.map((variant) => variant.key));
    }
  });

  it("is idempotent: a second run adds no product", async () => {
    expect(logged.at(-1)).toMatch(
      `${SEED_PRODUCTS.length} new of ${SEED_PRODUCTS.length} products`,
    );
    const again: string[] = [];
    await seed(test.ctx, {
      adminPassword: "admin1234",
      customerPassword: "customer1234",
      log: (line) => again.push(line),
    });
    expect(again.at(-1)).toMatch(`: 0 new of ${SEED_PRODUCTS.length} products, 0 new reviews`);
  }, 120_000);
});
