// Products written before colourways (docs/product.md §9 "Colours, sizes and variants") get them:
// one colourway per palette colour their photos' alt texts name, in order, each photo under its
// colour (a photo naming none joins the first; photos naming none at all make one "As shown"
// colourway: core/src/catalog/variants.ts splitByColour), the adult letters as their scale, and a
// variant per colourway and size with its suggested SKU, claimed in the table. Their stock per
// size goes to the first colourway's variants. The products are read a page at a time from the
// catalogue's index (gsi1 CATALOG).
//
// Each product is one transaction: the product (on condition it has no colours yet, so a page done
// again changes nothing), each of its stock counts moved from the size's key to the variant's (on
// condition the count is still what was read: a sale meanwhile makes the page fail, and the run
// does it again), its SKU claims, and the catalogue version (the storefront reloads it).
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { colourwaysOf, type StoredVariants, variantsOf } from "../catalog/products.server.ts";
import { DEFAULT_SIZE_SCALE } from "../catalog/sizes.ts";
import { variantKey } from "../catalog/variants.ts";
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { productKey, skuKey, stockKey } from "../db/keys.ts";
import { queryIndexPage } from "../db/query.server.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { defineMigration } from "./runner.server.ts";

/** Products per page. */
const PAGE = 25;

interface OldProduct {
  id: string;
  slug: string;
  sizes: string[];
  images: Array<{ key: string; alt: string }>;
  colours?: string[];
}

export default defineMigration({
  description: "products get colourways, a size scale and a SKU per variant",
  async page(ctx, cursor) {
    const page = await queryIndexPage(ctx, "CATALOG", {
      Limit: PAGE,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    });
    let touched = 0;
    for (const item of (page.Items ?? []) as OldProduct[]) {
      if (item.colours) continue;
      if (await migrateProduct(ctx, item)) touched++;
    }
    return { touched, ...(page.LastEvaluatedKey ? { cursor: page.LastEvaluatedKey } : {}) };
  },
});

/** Tries per product: a sale between the stock's read and the write makes it read again. */
const ATTEMPTS = 5;

async function migrateProduct(ctx: Context, product: OldProduct): Promise<boolean> {
  const { colours, images } = colourwaysOf(product);
  const first = colours[0] as string;
  let suffix = "";
  for (let attempt = 1; ; attempt++) {
    const variants: StoredVariants = Object.fromEntries(
      variantsOf(product.slug, colours, product.sizes, undefined).map(({ key, sku }) => [
        key,
        { sku: `${sku.slice(0, 64 - suffix.length)}${suffix}` },
      ]),
    );
    const { Item: stock } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: stockKey(product.id), ConsistentRead: true }),
    );
    const move = moveCounts(ctx, product, first, (stock?.counts ?? {}) as Record<string, number>);
    const claims: TransactItem[] = Object.entries(variants).map(([key, { sku }]) => ({
      Put: {
        TableName: ctx.tableName,
        Item: { ...skuKey(sku), entity: "skuClaim", productId: product.id, variant: key },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    }));
    const moves = move ? [move] : [];
    try {
      await transact(ctx, [
        {
          Update: {
            TableName: ctx.tableName,
            Key: productKey(product.id),
            UpdateExpression:
              "SET colours = :colours, images = :images, sizeScale = :scale, variants = :variants",
            ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(colours)",
            ExpressionAttributeValues: {
              ":colours": colours,
              ":images": images.map(({ key, alt, colour }) => ({ key, alt, colour })),
              ":scale": DEFAULT_SIZE_SCALE,
              ":variants": variants,
            },
          },
        },
        ...moves,
        ...claims,
        bumpCatalogVersion(ctx),
      ]);
      return true;
    } catch (error) {
      if (!(error instanceof TransactionCancelled) || attempt >= ATTEMPTS) throw error;
      // Migrated meanwhile (a page done again, or another run): nothing to do.
      if (error.failedAt(0)) return false;
      // A SKU another product holds already (an admin typed it): this product's get its id.
      const claimAt = 1 + moves.length;
      if (claims.some((_, i) => error.failedAt(claimAt + i))) {
        suffix = `-${product.id.slice(0, 8).toUpperCase()}`;
      }
      // Otherwise a sale changed a count, or a conflict: read again.
    }
  }
}

/** The stock counts of the product's sizes, moved to its first colourway's variants (none: nothing). */
function moveCounts(
  ctx: Pick<Context, "tableName">,
  product: OldProduct,
  first: string,
  counts: Record<string, number>,
): TransactItem | undefined {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  const conditions = ["attribute_exists(pk)"];
  product.sizes.forEach((size, i) => {
    if (!(size in counts)) return;
    names[`#s${i}`] = size;
    names[`#v${i}`] = variantKey(first, size);
    values[`:n${i}`] = counts[size] as number;
    sets.push(`counts.#v${i} = :n${i}`);
    removes.push(`counts.#s${i}`);
    conditions.push(`counts.#s${i} = :n${i}`);
  });
  if (sets.length === 0) return undefined;
  return {
    Update: {
      TableName: ctx.tableName,
      Key: stockKey(product.id),
      UpdateExpression: `SET ${sets.join(", ")} REMOVE ${removes.join(", ")}`,
      ConditionExpression: conditions.join(" AND "),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
