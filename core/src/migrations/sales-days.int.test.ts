// Migration 006 against DynamoDB Local, on sales days as the aggregates kept them before an item
// per product and day: totals with maps of units per product and per colour on the day item. 30
// days, so the migration reads more than one page. The dashboard then reads the same figures
// from the new items, the days keep no map, and a second run changes nothing.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { salesDayKey } from "../db/keys.ts";
import { readSalesDays } from "../insights/dashboard.server.ts";
import type { SalesDay } from "../insights/figures.ts";
import migration from "./006-sales-products-per-day.server.ts";
import { writeSalesDayBeforeProductItems } from "./test-fixtures.ts";

describe("migration 006", () => {
  it("moves each day's units per product and colour to items of their own, page by page, and does nothing the second time", async () => {
    const { ctx } = await createTestContext();
    const expected: SalesDay[] = [];
    for (let i = 0; i < 30; i++) {
      const day = `2026-10-${String(i + 1).padStart(2, "0")}`;
      const totals = { day, revenueCents: 1000 * (i + 1), orders: i + 1, items: 3 * (i + 1) };
      const products = { polo: 2 * (i + 1), shirt: i + 1, gone: 0 };
      const colours = { "polo/navy": i + 1, "polo/forest": i + 1, "shirt/as-shown": i + 1 };
      await writeSalesDayBeforeProductItems(ctx, totals, products, colours);
      expected.push({ ...totals, products: { polo: 2 * (i + 1), shirt: i + 1 }, colours });
    }

    const run = async () => {
      let cursor: Record<string, unknown> | undefined;
      let touched = 0;
      let pages = 0;
      do {
        const page = await migration.page(ctx, cursor);
        touched += page.touched;
        pages++;
        cursor = page.cursor;
      } while (cursor);
      return { touched, pages };
    };
    const first = await run();
    expect(first.pages).toBeGreaterThan(1);
    // Each day and its two products.
    expect(first.touched).toBe(90);
    expect(await readSalesDays(ctx, "2026-10-01", "2026-10-31")).toEqual(expected);
    const { Item } = await ctx.db.send(
      new GetCommand({
        TableName: ctx.tableName,
        Key: salesDayKey("2026-10-07"),
        ConsistentRead: true,
      }),
    );
    expect(Item).not.toHaveProperty("products");
    expect(Item).not.toHaveProperty("colours");

    expect((await run()).touched).toBe(0);
    expect(await readSalesDays(ctx, "2026-10-01", "2026-10-31")).toEqual(expected);
  });
});
