// The admin's order export (docs/product.md §10 "Orders"): the orders placed in a date range,
// oldest first, as CSV rows (RFC 4180 through csv-stringify, UTF-8 with a BOM so spreadsheets
// read accents right). Paged over gsi2 ORDERS with a key condition on the date (Query pages of
// EXPORT_PAGE_SIZE, never a Scan), and streamed: one page is in memory at a time, and the next
// is read only when the download has taken the last one. csv-stringify is imported on the first
// export, not by every cold start of the site (docs/decisions/022-lean-bundles.md).
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { lazy } from "../common/lazy.ts";
import type { Context } from "../context/index.server.ts";
import { toOrder } from "../orders/orders.server.ts";
import { ORDER_EXPORT_COLUMNS, type OrderExportRange, orderExportRow } from "./order-export.ts";

export const EXPORT_PAGE_SIZE = 100;
/** The byte order mark: Excel reads a CSV without it in the machine's legacy code page. */
export const UTF8_BOM = "\uFEFF";

/**
 * The range's rows, oldest first, the header first: one Query of `pageSize` orders at a time,
 * asked for only when the rows before are taken (stopping the loop stops the reads).
 */
export async function* orderExportRows(
  ctx: Context,
  range: OrderExportRange,
  { pageSize = EXPORT_PAGE_SIZE }: { pageSize?: number } = {},
): AsyncGenerator<string[]> {
  yield [...ORDER_EXPORT_COLUMNS];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        IndexName: "gsi2",
        // gsi2sk is <createdAt ISO>#<id>: every time of the `to` day sorts below "<to>T~".
        KeyConditionExpression: "gsi2pk = :orders AND gsi2sk BETWEEN :from AND :to",
        ExpressionAttributeValues: {
          ":orders": "ORDERS",
          ":from": `${range.from}T`,
          ":to": `${range.to}T~`,
        },
        ScanIndexForward: true,
        Limit: pageSize,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of page.Items ?? []) yield orderExportRow(toOrder(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/**
 * Rows as CSV text (RFC 4180): CRLF after each record, a field quoted when it holds a comma, a
 * quote (doubled) or a line break. csv-stringify quotes a lone LF or CR only when asked to
 * (`quoted_match`), since its record delimiter here is CRLF.
 */
export async function csvText(rows: readonly string[][]): Promise<string> {
  const { stringify } = await csvStringify();
  return stringify(rows as string[][], { record_delimiter: "windows", quoted_match: /[\r\n]/ });
}
const csvStringify = /* @__PURE__ */ lazy(() => import("csv-stringify/sync"));

/** Rows written to one chunk of the download (a Query page holds EXPORT_PAGE_SIZE of them). */
const ROWS_PER_CHUNK = 50;

/**
 * The export as a web stream of UTF-8 bytes (for a Response body): the BOM, the header, then the
 * rows as the download pulls them. The first chunk (the first Query) is read before this returns,
 * so a table that does not answer fails the request (503) instead of cutting a download short. A
 * download cancelled midway stops reading the table.
 */
export async function orderExportStream(
  ctx: Context,
  range: OrderExportRange,
  options: { pageSize?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const rows = orderExportRows(ctx, range, options);
  const encoder = new TextEncoder();
  /** The next chunk of CSV, and whether the rows are done. */
  const nextChunk = async () => {
    const chunk: string[][] = [];
    while (chunk.length < ROWS_PER_CHUNK) {
      const next = await rows.next();
      if (next.done) return { text: await csvText(chunk), done: true };
      chunk.push(next.value);
    }
    return { text: await csvText(chunk), done: false };
  };
  const first = await nextChunk();
  let pending: { text: string; done: boolean } | null = {
    text: UTF8_BOM + first.text,
    done: first.done,
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = pending ?? (await nextChunk());
      pending = null;
      if (chunk.text !== "") controller.enqueue(encoder.encode(chunk.text));
      if (chunk.done) controller.close();
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
