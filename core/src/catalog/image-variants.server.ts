// Which variants of a product's uploads exist (./image-variants.ts), recorded by the processing
// (core/src/image-variants) after every variant is stored, so the storefront never offers one that is
// not there. Two places, written in this order:
//   1. an outcome item in the product's partition (pk PRODUCT#<id>, sk IMAGE#<file>, kept 30
//      days): the upload may come before its product exists (a new product's photos are stored
//      before the product is created, and an image added with "Add images" before "Save");
//   2. the product item's map `imageVariants` (file → state), with a bump of the catalogue
//      version, when the product exists. The admin's saves never write that map (they set the
//      image list only), so a save cannot undo an outcome.
// createProduct copies the outcome items recorded before the product existed (after its own
// write: any outcome missing then was recorded after it, and reached the product itself).
import { PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { isConditionFailed } from "../db/conditional.server.ts";
import { imageOutcomeKey, productKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { parseUploadKey, type VariantState } from "./image-variants.ts";

/** How long an outcome item outlives its upload (the product holds its own copy). */
const OUTCOME_RETENTION_SECONDS = 30 * 24 * 3600;

/**
 * Records what the processing made of the upload at `key`: first the outcome item, then the
 * product's map (if the product exists). Returns whether the product holds it now.
 */
export async function recordVariantState(
  ctx: Context,
  key: string,
  state: VariantState,
  now = new Date(),
): Promise<boolean> {
  const upload = parseUploadKey(key);
  if (!upload) throw new Error(`not an upload of a product: ${key}`);
  await ctx.db.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: {
        ...imageOutcomeKey(upload.productId, upload.file),
        entity: "imageOutcome",
        key,
        variants: state,
        recordedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + OUTCOME_RETENTION_SECONDS,
      },
    }),
  );
  return applyToProduct(ctx, upload.productId, { [upload.file]: state });
}

/** Copies the outcomes recorded for a product's uploads onto the product (see the header). */
export async function applyRecordedVariants(ctx: Context, productId: string): Promise<void> {
  const { Items = [] } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :image)",
      ExpressionAttributeValues: { ":pk": productKey(productId).pk, ":image": "IMAGE#" },
      ConsistentRead: true,
    }),
  );
  const states = Object.fromEntries(
    Items.flatMap((item) => {
      const upload = parseUploadKey(String(item.key));
      return upload ? [[upload.file, item.variants as VariantState]] : [];
    }),
  );
  if (Object.keys(states).length > 0) await applyToProduct(ctx, productId, states);
}

/** Sets these files' states in the product's map, with the catalogue version; false: no product. */
async function applyToProduct(
  ctx: Context,
  productId: string,
  states: Record<string, VariantState>,
): Promise<boolean> {
  try {
    // A product stored before variants existed has no map yet: the nested SET below needs one.
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: productKey(productId),
        UpdateExpression: "SET #map = if_not_exists(#map, :empty)",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: { "#map": "imageVariants" },
        ExpressionAttributeValues: { ":empty": {} },
      }),
    );
    const files = Object.keys(states);
    await transact(ctx, [
      {
        Update: {
          TableName: ctx.tableName,
          Key: productKey(productId),
          UpdateExpression: `SET ${files.map((_, i) => `#map.#f${i} = :s${i}`).join(", ")}`,
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeNames: {
            "#map": "imageVariants",
            ...Object.fromEntries(files.map((file, i) => [`#f${i}`, file])),
          },
          ExpressionAttributeValues: Object.fromEntries(
            files.map((file, i) => [`:s${i}`, states[file]]),
          ),
        },
      },
      bumpCatalogVersion(ctx),
    ]);
    return true;
  } catch (error) {
    // No product (not created yet, or deleted): the outcome item waits for createProduct.
    // (A conflict with another transaction is thrown: the invocation is tried again.)
    if (error instanceof TransactionCancelled && error.failedAt(0)) return false;
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
