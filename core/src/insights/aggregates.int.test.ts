// The sales aggregates against DynamoDB Local: kept from the order events exactly once however
// often an event is delivered, lowered by a cancellation with a refund on the day of the
// payment, reproduced by the rebuild from the orders, and read by the dashboard without a Scan
// in a constant number of table calls; a best seller's units are split by colour.
import { QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, deliverEventsTo, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createProduct } from "../catalog/product-saves.server.ts";
import { settleCatalog } from "../catalog/test-fixtures.ts";
import { markOrderPaid } from "../checkout/payment-state.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import {
  inParallel,
  orderPlacer,
  productInput,
  TEST_ADDRESS,
  testShop,
} from "../checkout/test-fixtures.ts";
import type { Context } from "../context/index.server.ts";
import { PRODUCT_SALES_PK } from "../db/keys.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { changeOrderState, deleteOrder } from "../orders/admin-changes.server.ts";
import { getOrder } from "../orders/orders.server.ts";
import { createOffer } from "../promotions/promotion-admin.server.ts";
import { handleEvent } from "../reactions/reactions.server.ts";
import { countOrderEvent } from "./aggregates.server.ts";
import {
  loadDashboard,
  readPromotionSales,
  readSalesDays,
  readStateCounts,
} from "./dashboard.server.ts";
import { rebuildAggregates, rebuildAggregatesPage } from "./rebuild.server.ts";

/** The shop's zone in these tests: 23:30 UTC on 10 March is already 11 March in Madrid. */
const ZONE = "Europe/Madrid";

async function shop() {
  const product = (slug: string, priceCents: number) =>
    productInput(slug, {
      name: slug,
      description: slug,
      priceCents,
      sizes: ["M", "L"],
      stock: { M: 500, L: 500 },
    });
  const test = await testShop(await createTestContext(), {
    timeZone: ZONE,
    products: { shirt: product("shirt", 2000), coat: product("coat", 12000) },
  });
  const { ctx } = test;
  /** An order placed at `at` (and paid at `paidAt`, when given). */
  const order = orderPlacer(ctx);
  return { test, ctx, ...test.products, order };
}

/** Delivers every event written so far, as the stream does, and returns them. */
async function deliverAll(test: TestContext, ctx: Context): Promise<DomainEvent[]> {
  const seen: DomainEvent[] = [];
  const delivery = await deliverEventsTo(test, async (event) => {
    seen.push(event);
    await handleEvent(ctx, event);
  });
  await delivery.drain();
  await delivery.stop();
  return seen;
}

/** The aggregates as the dashboard sees them: days and products without zeros, the states. */
async function aggregates(ctx: Context) {
  const days = (await readSalesDays(ctx, "2000-01-01", "2999-12-31")).filter(
    (d) => d.revenueCents !== 0 || d.orders !== 0 || d.items !== 0,
  );
  const { Items = [] } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": PRODUCT_SALES_PK },
      ConsistentRead: true,
    }),
  );
  const products = Object.fromEntries(
    Items.filter((i) => i.units !== 0).map((i) => [i.productId as string, i.units as number]),
  );
  return { days, products, states: await readStateCounts(ctx) };
}

const count = (states: Array<{ state: string; count: number }>, state: string) =>
  states.find((s) => s.state === state)?.count;

describe("sales aggregates", () => {
  it("count a paid order's total on its payment day in the shop's zone, once even when its event is delivered five times", async () => {
    const { test, ctx, shirt, coat, order } = await shop();
    const placedAt = new Date("2026-03-10T22:00:00Z");
    const paidAt = new Date("2026-03-10T23:30:00Z");
    const paid = await order(
      [
        { productId: shirt.id, size: "M", quantity: 2 },
        { productId: shirt.id, size: "L", quantity: 1 },
        { productId: coat.id, size: "M", quantity: 1 },
      ],
      placedAt,
      paidAt,
    );
    const events = await deliverAll(test, ctx);
    const paidEvent = events.find((e) => e.type === "order.paid");
    expect(paidEvent).toBeDefined();
    // Four more deliveries of the same event (five in all).
    for (let i = 0; i < 4; i++) await countOrderEvent(ctx, paidEvent as DomainEvent);

    const { days, products, states } = await aggregates(ctx);
    expect(days).toEqual([
      {
        day: "2026-03-11",
        revenueCents: paid.totalCents,
        orders: 1,
        items: 4,
        products: { [shirt.id]: 3, [coat.id]: 1 },
        // Photos naming no colour: the one colourway "As shown" (named nowhere on the dashboard).
        colours: { [`${shirt.id}/as-shown`]: 3, [`${coat.id}/as-shown`]: 1 },
      },
    ]);
    expect(paid.totalCents).toBeGreaterThan(0);
    expect(products).toEqual({ [shirt.id]: 3, [coat.id]: 1 });
    expect(count(states, "PENDING")).toBe(1);
  });

  it("cancelling a paid order refunds it and lowers its payment day's revenue, not the day of the cancellation", async () => {
    const { test, ctx, shirt, order } = await shop();
    const day1 = new Date("2026-04-01T10:00:00Z");
    const kept = await order([{ productId: shirt.id, size: "M", quantity: 1 }], day1, day1);
    const refunded = await order([{ productId: shirt.id, size: "L", quantity: 2 }], day1, day1);
    await deliverAll(test, ctx);
    expect((await aggregates(ctx)).days[0]?.revenueCents).toBe(
      kept.totalCents + refunded.totalCents,
    );

    const canceled = await changeOrderState(ctx, refunded.id, "CANCELED");
    expect(canceled.refundedAt).toBeDefined();
    const events = await deliverAll(test, ctx);
    const again = events.find((e) => e.type === "order.canceled") as DomainEvent;
    await countOrderEvent(ctx, again);

    const { days, products, states } = await aggregates(ctx);
    expect(days).toEqual([
      {
        day: "2026-04-01",
        revenueCents: kept.totalCents,
        orders: 1,
        items: 1,
        products: { [shirt.id]: 1 },
        colours: { [`${shirt.id}/as-shown`]: 1 },
      },
    ]);
    expect(products).toEqual({ [shirt.id]: 1 });
    expect(count(states, "PENDING")).toBe(1);
    expect(count(states, "CANCELED")).toBe(1);
  });

  it("the rebuild from the orders reproduces what the events counted, and an event delivered after it counts nothing again", async () => {
    const { test, ctx, shirt, coat, order } = await shop();
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 3600 * 1000);
    const a = await order(
      [{ productId: shirt.id, size: "M", quantity: 1 }],
      daysAgo(3),
      daysAgo(3),
    );
    const b = await order([{ productId: coat.id, size: "L", quantity: 2 }], daysAgo(2), daysAgo(1));
    await order([{ productId: shirt.id, size: "L", quantity: 1 }], daysAgo(1)); // never paid
    const c = await order([{ productId: coat.id, size: "M", quantity: 1 }], daysAgo(1), daysAgo(1));
    const d = await order([{ productId: shirt.id, size: "M", quantity: 3 }], now, now);
    const e = await order([{ productId: shirt.id, size: "M", quantity: 1 }], now);
    await changeOrderState(ctx, a.id, "SHIPPED");
    await changeOrderState(ctx, a.id, "DELIVERED");
    await changeOrderState(ctx, b.id, "SHIPPED");
    await changeOrderState(ctx, c.id, "CANCELED");
    await changeOrderState(ctx, e.id, "CANCELED");
    await deleteOrder(ctx, d.id);
    const events = await deliverAll(test, ctx);
    expect(events.map((ev) => ev.type)).toEqual(
      expect.arrayContaining([
        "order.placed",
        "order.paid",
        "order.shipped",
        "order.delivered",
        "order.canceled",
        "order.deleted",
      ]),
    );
    const fromEvents = await aggregates(ctx);
    expect(fromEvents.states.map((s) => s.count)).toEqual([1, 1, 1, 2]);
    expect(fromEvents.products).toEqual({ [shirt.id]: 1, [coat.id]: 2 });

    const summary = await rebuildAggregates(ctx, { now });
    expect(summary.orders).toBe(5);
    expect(await aggregates(ctx)).toEqual(fromEvents);

    // Every event once more, after the rebuild: its marks make each count nothing.
    for (const event of events) await countOrderEvent(ctx, event);
    expect(await aggregates(ctx)).toEqual(fromEvents);
    expect((await getOrder(ctx, b.id))?.state).toBe("SHIPPED");
  });

  it("the rebuild repairs aggregates that went wrong", async () => {
    const { test, ctx, shirt, order } = await shop();
    const now = new Date();
    const paid = await order([{ productId: shirt.id, size: "M", quantity: 2 }], now, now);
    await deliverAll(test, ctx);
    const right = await aggregates(ctx);
    // A lost update and a stray day.
    await handleEvent(ctx, {
      id: "stray",
      type: "order.canceled",
      payload: { orderId: "no-such-order", number: "TL-X", userId: "u", facts: undefined },
      occurredAt: now.toISOString(),
    });
    expect(await aggregates(ctx)).not.toEqual(right);
    await rebuildAggregates(ctx, { now });
    expect(await aggregates(ctx)).toEqual(right);
    expect(right.days[0]?.revenueCents).toBe(paid.totalCents);
  });

  it("a best seller's row splits its units by colour, a refunded cancellation taken away; the rebuild gives the same", async () => {
    const { test, ctx, order } = await shop();
    const polo = await createProduct(
      ctx,
      productInput("pique-polo-shirt", {
        name: "Piqué Polo Shirt",
        priceCents: 3000,
        sizes: ["M", "L"],
        colours: ["forest", "navy"],
      }),
    );
    const now = new Date();
    const yesterday = new Date(now.getTime() - 24 * 3600 * 1000);
    const line = (colour: string, size: "M" | "L", quantity: number) => ({
      productId: polo.id,
      colour,
      size,
      quantity,
    });
    await order([line("navy", "M", 9), line("forest", "M", 2), line("navy", "L", 3)], now, now);
    await order([line("forest", "L", 5)], yesterday, yesterday);
    const refunded = await order([line("navy", "M", 4), line("forest", "M", 1)], now, now);
    await order([line("forest", "M", 6)], now); // never paid
    await changeOrderState(ctx, refunded.id, "CANCELED");
    await deliverAll(test, ctx);

    await settleCatalog(ctx);
    const top = async () =>
      (await loadDashboard(ctx, now)).topProducts.map((p) => [p.name, p.units, p.colours]);
    const fromEvents = await top();
    expect(fromEvents).toEqual([
      [
        "Piqué Polo Shirt",
        19,
        [
          { name: "Navy", units: 12 },
          { name: "Forest", units: 7 },
        ],
      ],
    ]);
    const days = await aggregates(ctx);

    await rebuildAggregates(ctx, { now });
    expect(await top()).toEqual(fromEvents);
    expect(await aggregates(ctx)).toEqual(days);
  });

  it("the rebuild goes page by page: recorded, resumed and each page done twice, it gives what the events gave", async () => {
    const { test, ctx, shirt, coat, order } = await shop();
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 3600 * 1000);
    for (let i = 0; i < 7; i++) {
      await order(
        [{ productId: i % 2 ? shirt.id : coat.id, size: "M", quantity: i + 1 }],
        daysAgo(i),
        daysAgo(i),
      );
    }
    const canceled = await order([{ productId: shirt.id, size: "L", quantity: 3 }], now, now);
    await changeOrderState(ctx, canceled.id, "CANCELED");
    await order([{ productId: coat.id, size: "L", quantity: 1 }], now); // never paid
    await deliverAll(test, ctx);
    const fromEvents = await aggregates(ctx);
    expect(fromEvents.days.length).toBe(7);

    // Two orders a page: five pages of orders, one of returns, then the replacement. Each cursor
    // goes through JSON, as the migrations' runner records it, and each page is done twice, as
    // after a run that died between a page and its record.
    let cursor: unknown;
    const phases: string[] = [];
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(20);
      await rebuildAggregatesPage(ctx, cursor, { now, pageSize: 2 });
      const page = await rebuildAggregatesPage(ctx, cursor, { now, pageSize: 2 });
      if (page.summary) {
        expect(page.summary).toMatchObject({ orders: 9, days: 7, products: 2 });
        break;
      }
      cursor = JSON.parse(JSON.stringify(page.cursor));
      phases.push(String((cursor as { phase: string }).phase));
    }
    expect(phases).toEqual(["orders", "orders", "orders", "orders", "returns", "replace"]);
    expect(await aggregates(ctx)).toEqual(fromEvents);
    // A cursor that is not the rebuild's is refused, nothing written.
    await expect(
      rebuildAggregatesPage(ctx, { run: "x", phase: "orders", part: -1 }),
    ).rejects.toThrow();
  });

  it("the dashboard reads no Scan and makes the same number of table calls with 2 orders and with 30", async () => {
    const { test, ctx, shirt, coat, order } = await shop();
    const names: string[] = [];
    ctx.db.middlewareStack.add(
      (next, context) => async (args) => {
        names.push(String(context.commandName));
        return next(args);
      },
      { step: "initialize", name: "recordTableCalls" },
    );
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 3600 * 1000);
    const calls = async () => {
      await settleCatalog(ctx);
      await loadDashboard(ctx, now); // warms the catalogue read model
      names.length = 0;
      test.resetTableCalls();
      const dashboard = await loadDashboard(ctx, now);
      return { dashboard, calls: test.tableCalls(), names: [...names] };
    };
    // The aggregates as the rebuild writes them from the orders: what the events count, as the
    // tests above show, without delivering the orders' events one by one through the stream.
    for (let i = 0; i < 2; i++) {
      await order([{ productId: shirt.id, size: "M", quantity: 1 }], daysAgo(i), daysAgo(i));
    }
    await rebuildAggregates(ctx, { now });
    const few = await calls();
    expect(few.dashboard.periods[2]?.current.orders).toBe(2);

    // Four at a time, each of the four on its own variant (shirt or coat, M or L), so none waits
    // on another's stock item: the sizes change nothing the dashboard counts here.
    await inParallel(
      Array.from({ length: 28 }, (_, i) => i),
      async (i) => {
        const product = i % 2 ? shirt : coat;
        const size = Math.floor(i / 2) % 2 ? "M" : "L";
        await order([{ productId: product.id, size, quantity: 1 }], daysAgo(i), daysAgo(i));
      },
    );
    await rebuildAggregates(ctx, { now });
    const many = await calls();
    expect(many.dashboard.periods[2]?.current.orders).toBe(30);
    expect(many.dashboard.topProducts.map((p) => [p.name, p.units])).toEqual([
      ["shirt", 16],
      ["coat", 14],
    ]);

    expect(many.calls).toBe(few.calls);
    expect(many.names).toEqual(few.names);
    expect(many.names).not.toContain("ScanCommand");
    // The sales days, the state counts, the stock and the catalogue version.
    expect(many.calls).toBe(4);
    // (A Scan here would be counted like any call: the recorder sees every command.)
    await ctx.db.send(new ScanCommand({ TableName: ctx.tableName, Limit: 1 }));
    expect(names).toContain("ScanCommand");
    // 30 orders on two cores beside the other suites: a budget, not a timing.
  }, 240_000);

  it("count each promotion's paid orders and discount given per day and of all time, once per transition, a cancelled order taken back, and the rebuild gives the same", async () => {
    const { test, ctx, shirt } = await shop();
    const offer = await createOffer(ctx, {
      label: "10% off shirts",
      effect: { kind: "percent-off-items", percent: 10, target: { productIds: [shirt.id] } },
      conditions: {},
    });
    const code = await createOffer(ctx, {
      code: "SAVE5",
      label: "5 € off",
      effect: { kind: "amount-off-order", amountCents: 500 },
      conditions: {},
    });
    const now = new Date();
    let n = 0;
    const paidOrder = async (promotionCode?: string) => {
      const { order } = await placeOrder(
        ctx,
        {
          userId: `promo-buyer-${n++}`,
          email: `promo${n}@example.com`,
          lines: [{ productId: shirt.id, size: "M", quantity: 1 }],
          address: TEST_ADDRESS,
          deliveryMethod: "STANDARD",
          ...(promotionCode ? { promotionCode } : {}),
        },
        now,
      );
      const paid = await markOrderPaid(ctx, order.paymentId as string, now);
      if (paid.status !== "paid") throw new Error(`not paid: ${paid.status}`);
      return paid.order;
    };
    // 20 € + 25% tax = 25 €: the offer takes 2.50 €, the code 5 €.
    const withCode = await paidOrder("SAVE5");
    expect(withCode.promotions?.map((p) => [p.id, p.totalCents])).toEqual([
      [offer.id, 250],
      [code.id, 500],
    ]);
    await paidOrder();
    const canceled = await paidOrder("SAVE5");
    await changeOrderState(ctx, canceled.id, "CANCELED");
    const events = await deliverAll(test, ctx);
    // Every paid and cancelled event delivered once more: nothing counts twice.
    for (const event of events.filter((e) => e.type !== "order.placed")) {
      await countOrderEvent(ctx, event);
    }

    const expected = new Map([
      [offer.id, { label: "10% off shirts", orders: 2, discountCents: 500 }],
      [code.id, { label: "5 € off", code: "SAVE5", orders: 1, discountCents: 500 }],
    ]);
    expect(await readPromotionSales(ctx)).toEqual(expected);
    // As much discount each: by label.
    const rows = [
      { id: offer.id, label: "10% off shirts", orders: 2, discountCents: 500 },
      { id: code.id, label: "5 € off", code: "SAVE5", orders: 1, discountCents: 500 },
    ];
    expect((await loadDashboard(ctx, now)).promotions).toEqual(rows);
    // A day without any promotion given shows none.
    const later = new Date(now.getTime() + 40 * 24 * 3600 * 1000);
    expect((await loadDashboard(ctx, later)).promotions).toEqual([]);

    const before = await readSalesDays(ctx, "2000-01-01", "2999-12-31");
    await rebuildAggregates(ctx, { now });
    expect(await readPromotionSales(ctx)).toEqual(expected);
    expect(await readSalesDays(ctx, "2000-01-01", "2999-12-31")).toEqual(before);
    // The events delivered after the rebuild find their marks: nothing counts again.
    for (const event of events) await countOrderEvent(ctx, event);
    expect(await readPromotionSales(ctx)).toEqual(expected);
    expect((await loadDashboard(ctx, now)).promotions).toEqual(rows);
  });
});
