// Stock items written before the edge purge carry no product slug, so a change of their counts
// cannot name the product's page to purge (docs/decisions/018-edge-cache.md). Each gets its
// product's slug, under a condition (a slug set since, by a rename, is kept; a deleted item is
// not revived). The stock items are found through the catalogue: a page of its products (gsi1
// CATALOG), then their stock items by key (stock items are in no index:
// docs/decisions/041-flash-sale-stock.md).
import { batchGetItems } from "../db/batch-get.server.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { productIndexes, stockKey } from "../db/keys.ts";
import { queryIndexPage } from "../db/query.server.ts";
import { defineMigration } from "./runner.server.ts";

/** Products per page (BatchGetItem reads at most 100 keys). */
const PAGE = 100;

export default defineMigration({
  description: "stock items get their product's slug",
  async page(ctx, cursor) {
    const page = await queryIndexPage(ctx, productIndexes("", "").gsi1pk, {
      ProjectionExpression: "id, slug",
      Limit: PAGE,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    });
    const slugs = new Map<string, string>();
    for (const product of page.Items ?? []) slugs.set(String(product.id), String(product.slug));
    // Their stock items without a slug (a product without a stock item has nothing to name).
    const bare = (
      await batchGetItems(ctx, [...slugs.keys()].map(stockKey), {
        projection: "pk, sk, productId, slug",
      })
    ).filter((item) => !item.slug);
    let touched = 0;
    for (const item of bare) {
      const slug = slugs.get(String(item.productId));
      if (!slug) continue;
      const { ok } = await conditionalUpdate(ctx, {
        TableName: ctx.tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: "SET slug = :slug",
        ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(slug)",
        ExpressionAttributeValues: { ":slug": slug },
      });
      if (ok) touched++;
    }
    return { touched, ...(page.LastEvaluatedKey ? { cursor: page.LastEvaluatedKey } : {}) };
  },
});
