// The order export against DynamoDB Local: the date range's orders, oldest first, read a Query
// page at a time (never a Scan), and the stream's bytes: BOM, header, CRLF records; then the
// export as the site hands it over: the same bytes written to the local S3 under exports/ of the
// invoices bucket, and a link that downloads them, named, for a few minutes.
import { createTestContext, recordCommands, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createUser } from "../accounts/users.server.ts";
import { confirmCardPayment } from "../checkout/card-payment.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import { createShirt, TEST_ADDRESS, VISA } from "../checkout/test-fixtures.ts";
import { orderIndexPartitions } from "../db/keys.ts";
import { objectLinkOrigin } from "../storage/index.ts";
import { exportOrders, orderExportRows, orderExportStream } from "./order-export.server.ts";
import { EXPORT_LINK_SECONDS, EXPORTS_PREFIX, ORDER_EXPORT_COLUMNS } from "./order-export.ts";

/** Seven orders, one a day from 2026-03-01 to 03-07 at 23:30 UTC (the last minutes of each day). */
async function week(test: TestContext) {
  const { ctx } = test;
  const shirt = await createShirt(ctx);
  const user = await createUser(ctx, {
    firstName: "Zoë",
    lastName: "Ñúñez",
    email: "zoe@example.com",
    password: "secret1",
  });
  const orders = [];
  for (let d = 1; d <= 7; d++) {
    const at = new Date(Date.UTC(2026, 2, d, 23, 30));
    const placed = await placeOrder(
      ctx,
      {
        userId: user.id,
        email: user.email,
        lines: [{ productId: shirt.id, size: "M", quantity: d % 3 === 0 ? 2 : 1 }],
        address: TEST_ADDRESS,
        deliveryMethod: "STANDARD",
      },
      at,
    );
    orders.push(
      d % 2 === 1
        ? await confirmCardPayment(
            ctx,
            { userId: user.id, orderId: placed.order.id, card: VISA },
            at,
          )
        : placed.order,
    );
  }
  return orders;
}

async function collect(rows: AsyncGenerator<string[]>) {
  const all: string[][] = [];
  for await (const row of rows) all.push(row);
  return all;
}

describe("orderExportRows", () => {
  it("yields the header then the range's orders oldest first, a Query page at a time", async () => {
    const test = await createTestContext();
    const orders = await week(test);
    const commands = recordCommands(test);

    const rows = await collect(
      orderExportRows(test.ctx, { from: "2026-03-02", to: "2026-03-06" }, { pageSize: 2 }),
    );
    expect(rows[0]).toEqual([...ORDER_EXPORT_COLUMNS]);
    const inRange = orders.slice(1, 6);
    expect(rows.slice(1).map((r) => r[0])).toEqual(inRange.map((o) => o.number));
    expect(rows[1]).toEqual([
      inRange[0]?.number,
      inRange[0]?.createdAt,
      "zoe@example.com",
      "PENDING",
      "Awaiting payment",
      "20.00",
      "5.00",
      "5.00",
      "0.00",
      "30.00",
      "1× Shirt (M) @ 20.00",
      "0.00",
      "",
    ]);
    expect(rows[2]?.[4]).toBe("Paid");
    expect(rows[2]?.[10]).toBe("2× Shirt (M) @ 20.00");
    // Queries only, of each shard of the orders' index: a shard with 5 orders or fewer, 2 a
    // page, takes at most 3.
    expect(new Set(commands)).toEqual(new Set(["QueryCommand"]));
    expect(commands.length).toBeLessThanOrEqual(orderIndexPartitions().length + 4);
  });

  it("includes the whole of the last day and nothing outside the range", async () => {
    const test = await createTestContext();
    const orders = await week(test);
    const one = await collect(orderExportRows(test.ctx, { from: "2026-03-07", to: "2026-03-07" }));
    expect(one.slice(1).map((r) => r[0])).toEqual([orders[6]?.number]);
    const none = await collect(orderExportRows(test.ctx, { from: "2026-02-01", to: "2026-02-28" }));
    expect(none).toEqual([[...ORDER_EXPORT_COLUMNS]]);
  });

  it("stops reading the table when the consumer stops", async () => {
    const test = await createTestContext();
    await week(test);
    const commands = recordCommands(test);
    const rows = orderExportRows(
      test.ctx,
      { from: "2026-03-01", to: "2026-03-07" },
      { pageSize: 2 },
    );
    await rows.next(); // the header
    await rows.next(); // the first order: one Query of each shard, side by side
    await rows.return(undefined);
    expect(commands).toEqual(orderIndexPartitions().map(() => "QueryCommand"));
  });
});

describe("orderExportStream", () => {
  it("is UTF-8 CSV: the BOM, the header, one CRLF record per order", async () => {
    const test = await createTestContext();
    const orders = await week(test);
    const stream = await orderExportStream(
      test.ctx,
      { from: "2026-03-01", to: "2026-03-07" },
      { pageSize: 3 },
    );
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const records = text.slice(1).split("\r\n");
    expect(records.at(-1)).toBe("");
    expect(records[0]).toBe(ORDER_EXPORT_COLUMNS.join(","));
    expect(records.slice(1, -1).map((r) => r.split(",")[0])).toEqual(orders.map((o) => o.number));
  });
});

describe("exportOrders", () => {
  it("writes the CSV to the invoices bucket under exports/ and links to it, named, for minutes", async () => {
    const test = await createTestContext();
    await week(test);
    const range = { from: "2026-03-01", to: "2026-03-07" };
    const streamed = new Uint8Array(
      await new Response(await orderExportStream(test.ctx, range)).arrayBuffer(),
    );

    const { key, url } = await exportOrders(test.ctx, range);
    expect(key.startsWith(EXPORTS_PREFIX)).toBe(true);
    const link = new URL(url);
    expect(link.origin).toBe(
      objectLinkOrigin({ ...test.ctx.config, bucket: test.ctx.config.invoicesBucket }),
    );
    expect(link.pathname).toBe(`/${test.ctx.config.invoicesBucket}/${key}`);
    expect(link.searchParams.get("X-Amz-Expires")).toBe(String(EXPORT_LINK_SECONDS));

    // The browser follows the link: no credentials, the file named as the download was.
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      'attachment; filename="orders-2026-03-01-2026-03-07.csv"',
    );
    expect(download.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(streamed);
  });

  it("gives every export a key of its own", async () => {
    const test = await createTestContext();
    const range = { from: "2026-02-01", to: "2026-02-28" };
    const [a, b] = await Promise.all([
      exportOrders(test.ctx, range),
      exportOrders(test.ctx, range),
    ]);
    expect(a.key).not.toBe(b.key);
  });
});
