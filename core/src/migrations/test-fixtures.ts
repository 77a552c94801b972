// Data as older versions of the shop wrote it, for the migrations' tests and the rehearsal's
// deploy (packages/rehearsal): written straight to the table, never through today's code.
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { productIndexes, productKey, salesDayKey, slugKey, stockKey } from "../db/keys.ts";

/**
 * A product and its stock as the shop wrote them before colourways (migration 005): no colours,
 * size scale or variants on the product, no colour on its photos, stock counted per size.
 */
export async function writeProductBeforeColourways(
  ctx: Context,
  product: {
    id: string;
    slug?: string;
    sizes?: string[];
    images: Array<{ key: string; alt: string }>;
    counts: Record<string, number>;
  },
): Promise<void> {
  const { id, images, counts } = product;
  const slug = product.slug ?? `old-${id}`;
  // Older than any product of today's seed, so no listing shows these first.
  const now = "2025-06-01T09:00:00.000Z";
  for (const Item of [
    { ...slugKey(slug), entity: "slugClaim", productId: id },
    {
      ...productKey(id),
      ...productIndexes(id, slug),
      entity: "product",
      id,
      slug,
      name: `Old ${id}`,
      category: "Men",
      priceCents: 4500,
      description: "Written before colourways.",
      sizes: product.sizes ?? ["S", "M", "L"],
      images,
      imageVariants: {},
      soldOut: false,
      createdAt: now,
      updatedAt: now,
    },
    // Older stock items were on gsi1 STOCK (the low-stock view's index of before).
    { ...stockKey(id), gsi1pk: "STOCK", gsi1sk: id, entity: "stock", productId: id, slug, counts },
  ]) {
    await ctx.db.send(new PutCommand({ TableName: ctx.tableName, Item }));
  }
}

/**
 * A sales day as the aggregates kept it before an item per product and day (migration 006): its
 * totals with maps of units per product and per product and colour ("<productId>/<colour>").
 */
export async function writeSalesDayBeforeProductItems(
  ctx: Context,
  day: { day: string; revenueCents: number; orders: number; items: number },
  products: Record<string, number>,
  colours: Record<string, number>,
): Promise<void> {
  await ctx.db.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: { ...salesDayKey(day.day), entity: "salesDay", ...day, products, colours },
    }),
  );
}

/** Removes `attributes` from the item at `key`, as a version from before them wrote it. */
export async function withoutAttributes(
  ctx: Pick<Context, "db" | "tableName">,
  key: Record<string, string>,
  ...attributes: string[]
): Promise<void> {
  await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: key,
      UpdateExpression: `REMOVE ${attributes.join(", ")}`,
    }),
  );
}
