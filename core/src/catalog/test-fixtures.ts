// What the catalogue's integration tests share.
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { CATALOG_VERSION_KEY } from "../db/keys.ts";
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
