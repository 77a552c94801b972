// Stock items written before the edge purge carry no product slug, so a change of their counts
// cannot name the product's page to purge (docs/decisions/018-edge-cache.md). Each gets its
// product's slug, under a condition (a slug set since, by a rename, is kept; a deleted item is
// not revived). The stock items are read a page at a time from their index (gsi1 STOCK).
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { BatchGetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { productKey, stockIndex } from "../db/keys.ts";
import { queryIndexPage } from "../db/query.server.ts";
import { defineMigration } from "./runner.server.ts";

/** Stock items per page (BatchGetItem reads at most 100 products). */
const PAGE = 100;

export default defineMigration({
  description: "stock items get their product's slug",
  async page(ctx, cursor) {
    const page = await queryIndexPage(ctx, stockIndex("").gsi1pk, {
      FilterExpression: "attribute_not_exists(slug)",
      ProjectionExpression: "pk, sk, productId",
      Limit: PAGE,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    });
    const stock = page.Items ?? [];
    const slugs = new Map<string, string>();
    if (stock.length > 0) {
      const { Responses } = await ctx.db.send(
        new BatchGetCommand({
          RequestItems: {
            [ctx.tableName]: {
              Keys: stock.map((item) => productKey(String(item.productId))),
              ProjectionExpression: "id, slug",
            },
          },
        }),
      );
      for (const product of Responses?.[ctx.tableName] ?? []) {
        slugs.set(String(product.id), String(product.slug));
      }
    }
    let touched = 0;
    for (const item of stock) {
      // A product deleted since (or a read BatchGetItem left unprocessed: the next run, then).
      const slug = slugs.get(String(item.productId));
      if (!slug) continue;
      try {
        await ctx.db.send(
          new UpdateCommand({
            TableName: ctx.tableName,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: "SET slug = :slug",
            ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(slug)",
            ExpressionAttributeValues: { ":slug": slug },
          }),
        );
        touched++;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    return { touched, ...(page.LastEvaluatedKey ? { cursor: page.LastEvaluatedKey } : {}) };
  },
});
