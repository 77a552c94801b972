// The storefront's and the cart's product lookups (what a product is: ./products.server.ts): the
// product page's slug query, and products by id with the id list a request may send.
import { BatchGetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import * as v from "valibot";
import type { Context } from "../context/index.server.ts";
import { productKey } from "../db/keys.ts";
import { PRODUCT_ID_PATTERN } from "./ids.ts";
import { type Product, type ProductItem, toProduct } from "./products.server.ts";

/** One Query on gsi2 (SLUG#<slug>): the product page's only awaited read. */
export async function getProductBySlug(ctx: Context, slug: string): Promise<Product | null> {
  const { Items } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :pk AND gsi2sk = :sk",
      ExpressionAttributeValues: { ":pk": `SLUG#${slug}`, ":sk": "PRODUCT" },
      Limit: 1,
    }),
  );
  const item = Items?.[0] as ProductItem | undefined;
  return item ? toProduct(ctx, item) : null;
}

/** The most product ids one request may ask for (a cart holds at most 100 lines). */
export const MAX_PRODUCT_IDS = 100;
export const TOO_MANY_PRODUCT_IDS = `Ask for at most ${MAX_PRODUCT_IDS} products`;
export const BAD_PRODUCT_ID = "Product ids are letters, digits and dashes";

/**
 * The query of a request for products by id (e.g. `?ids=a,b,c`, for `parseForm`): a
 * comma-separated list, empty items ignored (no list: no ids); more than 100 ids or an id that is not one is an
 * error on the field "ids" (the route answers 400).
 */
export const ProductIdsQuerySchema = v.object({
  ids: v.pipe(
    v.nullish(v.string("Product ids must be text"), ""),
    v.maxLength(MAX_PRODUCT_IDS * 65, TOO_MANY_PRODUCT_IDS),
    v.transform((text) =>
      text
        .split(",")
        .map((id) => id.trim())
        .filter((id) => id !== ""),
    ),
    v.maxLength(MAX_PRODUCT_IDS, TOO_MANY_PRODUCT_IDS),
    v.everyItem((id) => PRODUCT_ID_PATTERN.test(id), BAD_PRODUCT_ID),
  ),
});

/** Keys one BatchGetItem request may hold. */
const BATCH_GET_LIMIT = 100;
/** Rounds of retries of keys DynamoDB left unprocessed (throttling) before giving up. */
const UNPROCESSED_RETRIES = 5;

/**
 * The products with these ids, in the order asked (duplicates once); ids of products that do not
 * exist are left out. One BatchGetItem round trip per 100 distinct ids (the cart and the checkout
 * re-read current prices with it), plus a retry only if DynamoDB leaves keys unprocessed.
 */
export async function getProductsByIds(ctx: Context, ids: readonly string[]): Promise<Product[]> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, Product>();
  for (let start = 0; start < wanted.length; start += BATCH_GET_LIMIT) {
    let keys: Array<Record<string, unknown>> = wanted
      .slice(start, start + BATCH_GET_LIMIT)
      .map((id) => productKey(id));
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt > UNPROCESSED_RETRIES) throw new Error("BatchGetItem left keys unprocessed");
      if (attempt > 0) await sleep(25 * 2 ** attempt);
      const { Responses, UnprocessedKeys } = await ctx.db.send(
        new BatchGetCommand({ RequestItems: { [ctx.tableName]: { Keys: keys } } }),
      );
      for (const item of Responses?.[ctx.tableName] ?? []) {
        const product = toProduct(ctx, item as ProductItem);
        found.set(product.id, product);
      }
      keys = UnprocessedKeys?.[ctx.tableName]?.Keys ?? [];
    }
  }
  return wanted.flatMap((id) => found.get(id) ?? []);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
