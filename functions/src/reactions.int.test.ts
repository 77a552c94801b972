// The order reactions' reader against DynamoDB Local, as Lambda runs it on the table's stream:
// the sales aggregates are summed over each batch and each aggregate item written once a batch
// (docs/decisions/039-sales-summed-per-batch.md), and each order counts exactly once however the
// batches are replayed: whole (Lambda retries a batch), in part (it resumes from a reported
// failure, the next batch overlapping the one before), after a transaction failed half-way.
// "Equal the orders": the rebuild from the orders gives the same aggregates.
import { createProduct } from "@shop/core/server/catalog";
import type { Context } from "@shop/core/server/context";
import type { DomainEvent } from "@shop/core/server/events";
import {
  countSales,
  readSalesDays,
  readStateCounts,
  rebuildAggregates,
} from "@shop/core/server/insights";
import { changeOrderState, type Order } from "@shop/core/server/orders";
import { handleEventBatch } from "@shop/core/server/reactions";
import { inParallel, orderPlacer, productInput, type TestLine } from "@shop/core/testing/checkout";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import type { DispatchedStreamRecord } from "./lambda/queues.ts";
import { streamHandler } from "./lambda/stream.ts";
import { eventsOf } from "./registry.ts";
import { recordsOf, streamed } from "./stream-records.test-support.ts";

async function shop() {
  const test = await createTestContext();
  const ctx: Context = test.ctx;
  const polo = await createProduct(
    ctx,
    productInput("polo", {
      priceCents: 3000,
      sizes: ["M", "L"],
      colours: ["forest", "navy"],
      stock: { "forest/M": 500, "forest/L": 500, "navy/M": 500, "navy/L": 500 },
    }),
  );
  const shirt = await createProduct(
    ctx,
    productInput("shirt", { sizes: ["M", "L"], stock: { M: 500, L: 500 } }),
  );
  const place = orderPlacer(ctx);
  /** An order placed at `at`, paid then too unless `paid` is false. */
  const order = (lines: TestLine[], at: Date, paid = true) =>
    place(lines, at, paid ? at : undefined);
  return { test, ctx, polo, shirt, order };
}

/**
 * `count` orders, two at a time: the two placed together (`i` even and odd) take other variants
 * of each product, so neither waits on the other's stock item. Sizes count in no aggregate.
 */
const twoAtATime = <T>(count: number, place: (i: number) => Promise<T>) =>
  inParallel(
    Array.from({ length: count }, (_, i) => i),
    place,
    2,
  );

/** The order reactions' reader on the test's table, the sales summed per batch. */
const reader = (
  ctx: Context,
  react: (ctx: Context, event: DomainEvent) => Promise<void> = async () => {},
) => streamHandler(eventsOf("orderReactions"), react, () => ctx, handleEventBatch);

/** The aggregates as the dashboard reads them, and the orders per state. */
async function aggregates(ctx: Context) {
  return {
    days: await readSalesDays(ctx, "2000-01-01", "2999-12-31"),
    states: await readStateCounts(ctx),
  };
}

/** Records the table's write calls: each TransactWriteItems' keys, and any other write. */
function recordWrites(ctx: Context) {
  const writes: Array<{ command: string; keys: string[] }> = [];
  const keyText = (key: Record<string, unknown> | undefined) => {
    const text = (v: unknown) =>
      typeof v === "string" ? v : String((v as { S?: string } | undefined)?.S);
    return `${text(key?.pk)} / ${text(key?.sk)}`;
  };
  ctx.db.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      const input = args.input as {
        TransactItems?: Array<
          Record<string, { Key?: Record<string, unknown>; Item?: Record<string, unknown> }>
        >;
        Key?: Record<string, unknown>;
        Item?: Record<string, unknown>;
      };
      if (command === "TransactWriteItemsCommand") {
        const keys = (input.TransactItems ?? []).map((item) => {
          const op = Object.values(item)[0];
          return keyText(op?.Key ?? op?.Item);
        });
        writes.push({ command, keys });
      } else if (/^(PutItem|UpdateItem|DeleteItem|BatchWriteItem)Command$/.test(command)) {
        writes.push({ command, keys: [keyText(input.Key ?? input.Item)] });
      }
      return next(args);
    },
    { step: "initialize", name: "recordWrites" },
  );
  return writes;
}

const day1 = new Date("2026-11-27T10:00:00Z");
const day2 = new Date("2026-11-28T10:00:00Z");

describe("the order reactions' reader", () => {
  it("writes each aggregate item once per batch: one transaction for twelve paid orders of two products", async () => {
    const { test, ctx, polo, shirt, order } = await shop();
    await twoAtATime(12, (i) =>
      order(
        [
          { productId: polo.id, colour: i % 2 ? "navy" : "forest", size: "M", quantity: 1 },
          { productId: shirt.id, size: i % 2 ? "M" : "L", quantity: 2 },
        ],
        day1,
      ),
    );
    const records = recordsOf(await streamed(test));
    const writes = recordWrites(ctx);
    expect(await reader(ctx)({ Records: records })).toEqual({ batchItemFailures: [] });

    const sales = writes.flatMap((w) => w.keys.filter((k) => k.startsWith("SALES#")));
    // The day's totals, each product's day and all-time items, the orders per state: once each.
    expect(sales.sort()).toEqual(
      [
        "SALES#DAYS / 2026-11-27",
        `SALES#DAYS / 2026-11-27#PRODUCT#${polo.id}`,
        `SALES#DAYS / 2026-11-27#PRODUCT#${shirt.id}`,
        `SALES#PRODUCTS / ${polo.id}`,
        `SALES#PRODUCTS / ${shirt.id}`,
        "SALES#STATES / COUNTS",
      ].sort(),
    );
    // In one transaction with the 24 marks (placed and paid of each order).
    expect(writes.map((w) => [w.command, w.keys.length])).toEqual([
      ["TransactWriteItemsCommand", 30],
    ]);
    const [day] = (await aggregates(ctx)).days;
    expect(day).toMatchObject({
      day: "2026-11-27",
      orders: 12,
      items: 36,
      products: { [polo.id]: 12, [shirt.id]: 24 },
      colours: { [`${polo.id}/forest`]: 6, [`${polo.id}/navy`]: 6, [`${shirt.id}/as-shown`]: 24 },
    });
  });

  it("counts every order exactly once with batches replayed whole, resumed from a failure half-way, overlapping and failed in their transaction: the aggregates equal the orders", async () => {
    const { test, ctx, polo, shirt, order } = await shop();
    const orders: Order[] = await twoAtATime(10, (i) =>
      order(
        [
          {
            productId: polo.id,
            colour: i % 3 ? "navy" : "forest",
            size: i % 2 ? "M" : "L",
            quantity: 1 + (i % 2),
          },
          ...(i % 4 === 0 ? [{ productId: shirt.id, size: "M" as const, quantity: 3 }] : []),
        ],
        i < 5 ? day1 : day2,
      ),
    );
    await order([{ productId: shirt.id, size: "L", quantity: 1 }], day2, false); // never paid
    await changeOrderState(ctx, (orders[1] as Order).id, "CANCELED"); // refunded
    await changeOrderState(ctx, (orders[2] as Order).id, "SHIPPED");
    const records = recordsOf(await streamed(test));
    expect(records.length).toBeGreaterThan(20);

    // One record's other reaction fails once, half-way through its batch.
    const failing = records[7] as DispatchedStreamRecord;
    let failed = false;
    const handler = reader(ctx, async (_ctx, event) => {
      const image = failing.dynamodb?.NewImage as Record<string, { S?: string }>;
      if (!failed && event.id === image.id?.S) {
        failed = true;
        throw new Error("a reaction failed");
      }
    });
    // The batch's transaction fails once (a throttle), on the third batch.
    let batchesSent = 0;
    ctx.db.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "TransactWriteItemsCommand" && ++batchesSent === 3) {
          throw new Error("ProvisionedThroughputExceededException");
        }
        return next(args);
      },
      { step: "initialize", name: "failThirdBatch" },
    );

    // Lambda's loop: batches of 5 from the checkpoint; a reported failure moves the checkpoint to
    // it (the next batch starts there, overlapping the records after it); each batch that went
    // through is also delivered once more, whole (a retry after a timeout).
    let at = 0;
    const outcomes: string[] = [];
    for (let rounds = 0; at < records.length; rounds++) {
      expect(rounds).toBeLessThan(40);
      const batch = records.slice(at, at + 5);
      const { batchItemFailures } = await handler({ Records: batch });
      const failure = batchItemFailures[0];
      if (failure) {
        at = records.findIndex((r) => r.dynamodb?.SequenceNumber === failure.itemIdentifier);
        outcomes.push(`resumed from ${at}`);
        continue;
      }
      expect(await handler({ Records: batch })).toEqual({ batchItemFailures: [] });
      at += batch.length;
    }
    // The failed transaction and the failed reaction both made Lambda resume.
    expect(outcomes.length).toBe(2);
    // And the whole stream once more, in batches that overlap the ones before.
    for (let start = 2; start < records.length; start += 6) {
      await handler({ Records: records.slice(start, start + 6) });
    }

    const counted = await aggregates(ctx);
    const paid = orders.filter((_, i) => i !== 1);
    const onDay = (day: Date) =>
      paid.filter((o) => o.paidAt?.slice(0, 10) === day.toISOString().slice(0, 10));
    expect(counted.days.map((d) => [d.day, d.orders, d.revenueCents])).toEqual([
      ["2026-11-27", 4, onDay(day1).reduce((sum, o) => sum + o.totalCents, 0)],
      ["2026-11-28", 5, onDay(day2).reduce((sum, o) => sum + o.totalCents, 0)],
    ]);
    expect(counted.states.filter((s) => s.count > 0)).toEqual([
      { state: "PENDING", count: 9 },
      { state: "SHIPPED", count: 1 },
      { state: "CANCELED", count: 1 },
    ]);

    // The rebuild from the orders gives the same aggregates.
    await rebuildAggregates(ctx, { now: day2 });
    expect(await aggregates(ctx)).toEqual(counted);
  });

  it("a batch cut into several transactions, one failing half-way, counts each order once when it is replayed", async () => {
    const { test, ctx, polo, shirt, order } = await shop();
    await twoAtATime(8, (i) =>
      order(
        [
          { productId: polo.id, colour: "navy", size: i % 2 ? "M" : "L", quantity: 1 },
          { productId: shirt.id, size: i % 2 ? "M" : "L", quantity: 1 },
        ],
        day1,
      ),
    );
    const events = await streamed(test);
    let sent = 0;
    ctx.db.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "TransactWriteItemsCommand" && ++sent === 2) {
          throw new Error("TransactionConflict");
        }
        return next(args);
      },
      { step: "initialize", name: "failSecondTransaction" },
    );
    // At most 12 items a transaction: the batch's 16 marks and 6 items go in several.
    await expect(countSales(ctx, events, { maxItems: 12 })).rejects.toThrow("TransactionConflict");
    // Resumed from its third event: the first transaction now holds events counted and not.
    await countSales(ctx, events.slice(2), { maxItems: 12 });
    await countSales(ctx, events, { maxItems: 12 });
    expect(sent).toBeGreaterThan(3);
    const [day] = (await aggregates(ctx)).days;
    expect(day).toMatchObject({
      orders: 8,
      items: 16,
      products: { [polo.id]: 8, [shirt.id]: 8 },
    });
    expect((await aggregates(ctx)).states.find((s) => s.state === "PENDING")?.count).toBe(8);
  });
});
