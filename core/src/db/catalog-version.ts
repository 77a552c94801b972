// The catalogue version item (CATALOG/VERSION, ./keys.ts): every transaction that changes what
// the catalogue shows bumps it, the catalogue's own and a review's (the product's rating), so it
// lives here, below both areas, rather than in either.
import type { Context } from "../context/index.server.ts";
import { CATALOG_VERSION_KEY } from "./keys.ts";

/**
 * The update that tells every read model the catalogue changed; part of each change's
 * transaction. `changedAt` (epoch ms) lets a read model tell a change whose index entries may
 * still be propagating (see ../catalog/read-model.server.ts).
 */
export const bumpCatalogVersion = (ctx: Pick<Context, "tableName">, now = Date.now()) => ({
  Update: {
    TableName: ctx.tableName,
    Key: CATALOG_VERSION_KEY,
    UpdateExpression: "ADD #v :one SET #c = :now",
    ExpressionAttributeNames: { "#v": "version", "#c": "changedAt" },
    ExpressionAttributeValues: { ":one": 1, ":now": now },
  },
});
