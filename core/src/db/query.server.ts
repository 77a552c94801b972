// A Query of one partition of the gsi1 index (the lists: STOCK, CUSTOMERS, a user's returns…),
// written once; the caller adds its projection, order and paging.
import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";

export type IndexQueryOptions = Omit<
  QueryCommandInput,
  "TableName" | "IndexName" | "KeyConditionExpression" | "ExpressionAttributeValues"
>;

/** One page of the gsi1 partition `gsi1pk`. */
export function queryIndexPage(ctx: Context, gsi1pk: string, options: IndexQueryOptions = {}) {
  return ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": gsi1pk },
      ...options,
    }),
  );
}
