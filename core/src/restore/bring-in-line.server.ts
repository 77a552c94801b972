// A restored table is the shop as it was at the restore's time, but some of what happened since
// must not be undone (docs/decisions/036-restore.md "Bringing the copy in line"):
// - an order number issued since stays issued: order numbers are random and unique only by
//   their claim item (ORDERNO#…, checkout/placing.server.ts), so the claims the restored table
//   lacks are copied over from the old table, and a new order never gets one of them again;
// - the catalogue version only grows: every process that read the catalogue (and the published
//   search index, which names its version) must see the restored catalogue as newer than
//   anything it has seen, or it would keep the newer, wrong one (catalog/read-model.server.ts).
// The restore then publishes the search index again (catalog's publishSearchIndex): with the
// version moved past, it is no longer skipped as older than the one published since.
import { GetCommand, paginateScan, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { conditionalPut } from "../db/conditional.server.ts";
import { CATALOG_VERSION_KEY } from "../db/keys.ts";

export interface BroughtInLine {
  /** Order numbers issued after the restore's time, claimed again in the restored table. */
  orderNumbersCarried: number;
  /** The restored table's catalogue version: past the old table's and its own. */
  catalogVersion: number;
}

/**
 * Brings the restored table (`ctx.tableName`) in line with the old one (`oldTable`, still in
 * place): the order numbers and the catalogue version. Safe to run again:
 * a claim already there is left, and the version is moved past both tables' again.
 */
export async function bringInLine(
  ctx: Context,
  oldTable: string,
  now = Date.now(),
): Promise<BroughtInLine> {
  if (oldTable === ctx.tableName) {
    throw new Error(`the old table and the restored one are the same table (${oldTable})`);
  }
  const orderNumbersCarried = await carryOrderNumbers(ctx, oldTable);
  const catalogVersion = await moveCatalogVersionPast(ctx, oldTable, now);
  return { orderNumbersCarried, catalogVersion };
}

/**
 * Copies every order number claim of `oldTable` that the restored table lacks. A one-off Scan of
 * the old table (never on a request path: docs/architecture.md §2), a page at a time.
 */
async function carryOrderNumbers(ctx: Context, oldTable: string): Promise<number> {
  let carried = 0;
  const pages = paginateScan(
    { client: ctx.db, pageSize: 500 },
    {
      TableName: oldTable,
      FilterExpression: "#e = :claim",
      ExpressionAttributeNames: { "#e": "entity" },
      ExpressionAttributeValues: { ":claim": "orderNumber" },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) {
    for (const claim of page.Items ?? []) {
      const { ok } = await conditionalPut(ctx, {
        TableName: ctx.tableName,
        // The claim as it was; its order may be gone from the restored table, which is the
        // point: the number stays taken.
        Item: claim,
        ConditionExpression: "attribute_not_exists(pk)",
      });
      if (ok) carried++;
    }
  }
  return carried;
}

async function moveCatalogVersionPast(ctx: Context, oldTable: string, now: number) {
  const versionIn = async (table: string) => {
    const { Item } = await ctx.db.send(
      new GetCommand({ TableName: table, Key: CATALOG_VERSION_KEY, ConsistentRead: true }),
    );
    return (Item?.version as number | undefined) ?? 0;
  };
  const version = Math.max(await versionIn(oldTable), await versionIn(ctx.tableName)) + 1;
  await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: CATALOG_VERSION_KEY,
      UpdateExpression: "SET #v = :v, #c = :now",
      ExpressionAttributeNames: { "#v": "version", "#c": "changedAt" },
      ExpressionAttributeValues: { ":v": version, ":now": now },
    }),
  );
  return version;
}
