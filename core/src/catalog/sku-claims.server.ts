// SKU claims (see ../db/README.md): pk SKU#<sku> sk SKU, one per variant, so that each SKU names
// one variant of one product across the shop. Taken and released in the same transaction as the
// product's create, update (./product-saves.server.ts) and delete (./product-deletion.server.ts).
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { skuKey } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled } from "../db/transact.server.ts";
import type { StoredVariants } from "./products.server.ts";

export const skuTaken = (sku: string) => `SKU ${sku} is already used by another variant`;

/** The field a variant's SKU is posted and refused under. */
export const skuField = (key: string) => `variants.${key}.sku`;

/**
 * The claims a save takes (SKUs it has that were not claimed) and releases (claimed SKUs it no
 * longer has): each SKU names one variant of one product across the shop.
 */
export function skuClaims(
  ctx: Pick<Context, "tableName">,
  productId: string,
  before: StoredVariants,
  after: StoredVariants,
): { take: Array<{ key: string; sku: string; item: TransactItem }>; release: TransactItem[] } {
  const had = new Set(Object.values(before).map((variant) => variant.sku));
  const has = new Set(Object.values(after).map((variant) => variant.sku));
  return {
    take: Object.entries(after)
      .filter(([, { sku }]) => !had.has(sku))
      .map(([key, { sku }]) => ({
        key,
        sku,
        item: {
          Put: {
            TableName: ctx.tableName,
            Item: { ...skuKey(sku), entity: "skuClaim", productId, variant: key },
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
      })),
    release: [...had]
      .filter((sku) => !has.has(sku))
      .map((sku) => ({
        Delete: {
          TableName: ctx.tableName,
          Key: skuKey(sku),
          ConditionExpression: "attribute_not_exists(pk) OR productId = :id",
          ExpressionAttributeValues: { ":id": productId },
        },
      })),
  };
}

/** The SKU claim a cancelled transaction refused, as the error on its variant's field. */
export function takenSku(
  error: unknown,
  take: ReadonlyArray<{ key: string; sku: string }>,
  offset: number,
): DomainError | undefined {
  if (!(error instanceof TransactionCancelled)) return undefined;
  const index = take.findIndex((_, i) => error.failedAt(offset + i));
  const refused = take[index];
  return refused ? new DomainError(skuTaken(refused.sku), skuField(refused.key), 409) : undefined;
}
