// The sales aggregates' days lose their growing maps (docs/decisions/039-sales-summed-per-batch.md):
// a day item written before kept its units per product (`products`) and per product and colour
// (`colours`) as two maps on the day; each product of a day now has an item of its own beside it
// (SALES#DAYS / <day>#PRODUCT#<id>: its units, and its units per colour), and the day keeps only
// its totals. The days are read a page at a time from their partition.
//
// For each day that still has a map: its products' items are put with the map's values (a page
// done again puts the same values), then the maps are removed from the day. The order reactions
// do not run before the deploy's migrations are done (docs/decisions/024-migrations-on-deploy.md),
// so no increment lands between the two.
import { QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { SALES_DAYS_PK, SALES_PRODUCT_INFIX, salesDayKey } from "../db/keys.ts";
import { salesDayItems, writeAll } from "../insights/aggregate-writes.server.ts";
import { defineMigration } from "./runner.server.ts";

/** Items of the days' partition read per page (days, and products' items moved before). */
const PAGE = 25;

export default defineMigration({
  description: "the sales days' units per product move to an item per product and day",
  async page(ctx, cursor) {
    const page = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": SALES_DAYS_PK },
        ConsistentRead: true,
        Limit: PAGE,
        ...(cursor ? { ExclusiveStartKey: cursor } : {}),
      }),
    );
    let touched = 0;
    for (const item of page.Items ?? []) {
      const sk = String(item.sk);
      if (sk.includes(SALES_PRODUCT_INFIX)) continue;
      if (item.products === undefined && item.colours === undefined) continue;
      touched += await moveDay(ctx, sk, item);
    }
    return { touched, ...(page.LastEvaluatedKey ? { cursor: page.LastEvaluatedKey } : {}) };
  },
});

async function moveDay(ctx: Context, day: string, item: Record<string, unknown>): Promise<number> {
  const nonZero = (map: unknown) =>
    Object.fromEntries(
      Object.entries((map ?? {}) as Record<string, number>).filter(([, n]) => Number(n) !== 0),
    );
  const [, ...products] = salesDayItems({
    day,
    revenueCents: Number(item.revenueCents ?? 0),
    orders: Number(item.orders ?? 0),
    items: Number(item.items ?? 0),
    products: nonZero(item.products),
    colours: nonZero(item.colours),
  });
  await writeAll(
    ctx,
    products.map((Item) => ({ PutRequest: { Item } })),
  );
  await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: salesDayKey(day),
      UpdateExpression: "REMOVE products, colours",
    }),
  );
  return products.length + 1;
}
