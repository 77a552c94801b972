// What the catalogue's integration tests share.
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { CATALOG_VERSION_KEY } from "../db/keys.ts";
import { putItems, recordWrites } from "../db/test-fixtures.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { createProduct } from "./product-saves.server.ts";
import type { Product } from "./products.server.ts";
import { CATALOG_SETTLE_MS } from "./read-model.server.ts";

/** As if the last change had happened long enough ago to have reached the index. */
export const settleCatalog = (ctx: Context) =>
  ctx.db.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: CATALOG_VERSION_KEY,
      UpdateExpression: "SET changedAt = :at",
      ExpressionAttributeValues: { ":at": Date.now() - CATALOG_SETTLE_MS - 1 },
    }),
  );

type NewProductInput = Parameters<typeof createProduct>[1];

/** A women's coat in S and M, 5 of each, under `name`: what the search tests look for. */
export const harbourCoat = (name: string): NewProductInput => ({
  slug: "harbour-coat",
  name,
  category: "Women",
  priceCents: 18_900,
  description: "A long wool coat for cold harbours.",
  sizes: ["S", "M"],
  stock: unitsOfEach(["S", "M"], 5),
  images: [{ key: "products/harbour-coat/1.svg", alt: "Harbour coat" }],
});

/**
 * Many products at once, for a test that reads a catalogue rather than creates one: the items of
 * each createProduct's transaction (recordWrites), written 25 to a BatchWriteItem; the last
 * product goes through createProduct itself, so the catalogue version is bumped once, as after
 * any change. A product whose creation writes anything else than its items and the version's
 * bump fails here, so the fixtures cannot drift from the code.
 */
export async function createProducts(ctx: Context, inputs: NewProductInput[]): Promise<Product[]> {
  const last = inputs.at(-1);
  if (!last) return [];
  const products: Product[] = [];
  const { puts, updates } = await recordWrites(ctx, async (recording) => {
    for (const input of inputs.slice(0, -1)) products.push(await createProduct(recording, input));
  });
  const other = updates.find((update) => update.Key.pk !== CATALOG_VERSION_KEY.pk);
  if (other) throw new Error(`createProducts: createProduct updated ${JSON.stringify(other)}`);
  await putItems(ctx, puts);
  products.push(await createProduct(ctx, last));
  return products;
}
