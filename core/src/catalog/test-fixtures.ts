// What the catalogue's integration tests share.
import { TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { CATALOG_VERSION_KEY } from "../db/keys.ts";
import { putItems } from "../db/test-fixtures.ts";
import type { TransactItem } from "../db/transact.server.ts";
import { createProduct, type Product } from "./products.server.ts";
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

/**
 * Many products at once, for a test that reads a catalogue rather than creates one: each is the
 * transaction createProduct builds (run against a client that keeps it instead of sending it),
 * its items then written 25 to a BatchWriteItem; the last product goes through createProduct
 * itself, so the catalogue version is bumped once, as after any change. A transaction with any
 * other write than those puts and that bump fails here, so the items cannot drift from the code.
 */
export async function createProducts(ctx: Context, inputs: NewProductInput[]): Promise<Product[]> {
  const last = inputs.at(-1);
  if (!last) return [];
  const items: Array<Record<string, unknown>> = [];
  const keep = (transaction: TransactItem[]) => {
    for (const write of transaction) {
      if (write.Put?.Item) items.push(write.Put.Item);
      else if (write.Update?.Key?.pk !== CATALOG_VERSION_KEY.pk) {
        throw new Error(`createProducts: createProduct wrote ${JSON.stringify(write)}`);
      }
    }
  };
  const recording = {
    ...ctx,
    db: {
      send: async (command: unknown) => {
        if (!(command instanceof TransactWriteCommand)) {
          throw new Error("createProducts: createProduct called the table beyond its transaction");
        }
        keep(command.input.TransactItems ?? []);
        return {};
      },
    },
  } as unknown as Context;
  const products: Product[] = [];
  for (const input of inputs.slice(0, -1)) products.push(await createProduct(recording, input));
  await putItems(ctx, items);
  products.push(await createProduct(ctx, last));
  return products;
}
