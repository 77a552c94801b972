// The admin's order export (docs/product.md §10 "Orders"): the orders placed in a date range,
// oldest first, as CSV rows (RFC 4180 through csv-stringify, UTF-8 with a BOM so spreadsheets
// read accents right). Paged over the shards of gsi2's orders, merged by date, with a key condition on the date (Query pages of
// EXPORT_PAGE_SIZE, never a Scan), and streamed: one page is in memory at a time, and the next
// is read only when the download has taken the last one. csv-stringify is imported on the first
// export, not by every cold start of the site (docs/decisions/022-lean-bundles.md). The site
// hands an export over as a file in S3 and a short-lived link to it (exportOrders), since a
// Lambda answer holds at most 6 MB (docs/decisions/030-exports-past-lambda-limits.md).
import { lazy } from "../common/lazy.ts";
import type { Context } from "../context/index.server.ts";
import { orderIndexPartitions } from "../db/keys.ts";
import { MergedQuery } from "../db/merged-query.server.ts";
import { toOrder } from "../orders/orders.server.ts";
import { presignedGet, uploadStream } from "../storage/index.server.ts";
import {
  EXPORT_LINK_SECONDS,
  EXPORTS_PREFIX,
  exportDisposition,
  ORDER_EXPORT_COLUMNS,
  type OrderExportRange,
  orderExportRow,
} from "./order-export.ts";

export const EXPORT_PAGE_SIZE = 100;
/**
 * The Query page of an export written to S3 (exportOrders): the table's own cap is 1 MB a page,
 * and fewer round trips make a big export fit the site's timeout (docs/decisions/030-exports-past-lambda-limits.md).
 */
export const EXPORT_UPLOAD_PAGE_SIZE = 1_000;
/** The byte order mark: Excel reads a CSV without it in the machine's legacy code page. */
export const UTF8_BOM = "\uFEFF";

/**
 * The range's rows, oldest first, the header first: the shards of gsi2's orders merged by date,
 * `pageSize` orders of a shard at a time, asked for only when the rows before are taken (stopping
 * the loop stops the reads).
 */
export async function* orderExportRows(
  ctx: Context,
  range: OrderExportRange,
  { pageSize = EXPORT_PAGE_SIZE }: { pageSize?: number } = {},
): AsyncGenerator<string[]> {
  yield [...ORDER_EXPORT_COLUMNS];
  const orders = new MergedQuery(ctx, {
    index: "gsi2",
    partitionKey: "gsi2pk",
    sortKey: "gsi2sk",
    partitions: orderIndexPartitions(),
    // gsi2sk is <createdAt ISO>#<id>: every time of the `to` day sorts below "<to>T~".
    sortCondition: {
      expression: "#sk BETWEEN :from AND :to",
      values: { ":from": `${range.from}T`, ":to": `${range.to}T~` },
    },
    ascending: true,
    chunk: pageSize,
  });
  for (let item = await orders.next(); item; item = await orders.next()) {
    yield orderExportRow(toOrder(item));
  }
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

export interface OrderExport {
  /** The CSV's key in the invoices bucket, under EXPORTS_PREFIX. */
  key: string;
  /** A link that downloads it (an attachment named exportFilename) for EXPORT_LINK_SECONDS. */
  url: string;
}

/**
 * Writes the range's CSV (orderExportStream's bytes) to the invoices bucket under
 * EXPORTS_PREFIX, as it is read (a multipart upload past 5 MB, so no size is too big for the
 * site's memory or Lambda's 6 MB answer), and answers a presigned link to it. A table or S3 that
 * does not answer fails it (DependencyUnavailable) before any link is given.
 */
export async function exportOrders(
  ctx: Context,
  range: OrderExportRange,
  { pageSize = EXPORT_UPLOAD_PAGE_SIZE }: { pageSize?: number } = {},
): Promise<OrderExport> {
  const key = `${EXPORTS_PREFIX}${crypto.randomUUID()}.csv`;
  const bucket = ctx.config.invoicesBucket;
  await uploadStream(ctx, {
    Bucket: bucket,
    Key: key,
    Body: await orderExportStream(ctx, range, { pageSize }),
    ContentType: "text/csv; charset=utf-8",
    ContentDisposition: exportDisposition(range),
  });
  const url = await presignedGet(ctx, {
    bucket,
    key,
    contentDisposition: exportDisposition(range),
    expiresInSeconds: EXPORT_LINK_SECONDS,
  });
  return { key, url };
}
