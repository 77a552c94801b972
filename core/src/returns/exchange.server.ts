// An exchange's replacement: the variants it may ask for, its units taken from the stock at the
// request and given back at a rejection or a cancellation, and the new order written when the
// return is received (no charge, the reserved units its own).
import { randomUUID } from "node:crypto";
import { getProductsByIds } from "../catalog/product-lookups.server.ts";
import type { SizeTag } from "../catalog/sizes.ts";
import type { Context } from "../context/index.server.ts";
import { orderIndexes, orderKey, orderNumberKey } from "../db/keys.ts";
import type { TransactItem } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { getStocks, stockItems } from "../inventory/stock.server.ts";
import { newOrderNumber } from "../orders/order-number.ts";
import { ORDER_ENTITY, type Order } from "../orders/orders.server.ts";
import { isExchange } from "./moves.server.ts";
import type { Return, ReturnLine } from "./reading.server.ts";
import { boughtColour, type ExchangeOptions } from "./rules.ts";

export const emptyOptions: ExchangeOptions = {
  offered: new Map(),
  colours: new Map(),
  stock: new Map(),
};

export async function exchangeOptions(ctx: Context, order: Order): Promise<ExchangeOptions> {
  const ids = [...new Set(order.lines.map((l) => l.productId))];
  const [products, stock] = await Promise.all([getProductsByIds(ctx, ids), getStocks(ctx, ids)]);
  return {
    offered: new Map(products.map((p) => [p.id, p.sizes as string[]])),
    colours: new Map(products.map((p) => [p.id, p.colourways.map((way) => way.colour.id)])),
    stock,
  };
}

/**
 * An exchange's replacement units: the same product in the new variant (the new colour, else the
 * colour bought; before colourways, the product's first).
 */
export function replacementLines(
  lines: readonly ReturnLine[],
  options: Pick<ExchangeOptions, "colours">,
) {
  return lines.map((l) => ({
    productId: l.productId,
    colour: l.exchangeColour ?? boughtColour(l, options) ?? "",
    size: l.exchangeSize as string,
    quantity: l.quantity,
  }));
}

/** The colours of the products of lines bought before colourways, for their stock lines. */
async function coloursFor(
  ctx: Context,
  lines: readonly ReturnLine[],
): Promise<Pick<ExchangeOptions, "colours">> {
  const unnamed = [...new Set(lines.filter((l) => !l.colour).map((l) => l.productId))];
  if (unnamed.length === 0) return { colours: new Map() };
  const products = await getProductsByIds(ctx, unnamed);
  return { colours: new Map(products.map((p) => [p.id, p.colourways.map((w) => w.colour.id)])) };
}

export async function releaseExchange(ctx: Context, r: Return, now: Date): Promise<TransactItem[]> {
  const exchanges = r.lines.filter(isExchange);
  if (!r.exchangeReserved || exchanges.length === 0) return [];
  const lines = replacementLines(exchanges, await coloursFor(ctx, exchanges));
  return stockItems(ctx, lines, "release", now);
}

/** The exchange's new order: the new sizes, nothing to pay, the reserved units its own. */
export function replacementOrder(
  order: Order,
  r: Return,
  exchanges: readonly ReturnLine[],
  now: Date,
): Order & { exchangeOf: string } {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    number: newOrderNumber(),
    userId: order.userId,
    email: order.email,
    state: "PENDING",
    payment: "paid",
    address: order.address,
    deliveryMethod: order.deliveryMethod,
    lines: exchanges.map((l) => {
      const bought = order.lines[l.line] as Order["lines"][number];
      const colour = l.exchangeColour ?? bought.colour;
      return {
        ...bought,
        ...(colour ? { colour } : {}),
        size: l.exchangeSize as SizeTag,
        quantity: l.quantity,
      };
    }),
    subtotalCents: 0,
    taxCents: 0,
    shippingCents: 0,
    discountCents: 0,
    totalCents: 0,
    stockReserved: true,
    createdAt: at,
    updatedAt: at,
    paidAt: at,
    exchangeOf: r.rma,
    // The customer deleted their account meanwhile: nowhere to ship it (the admin cancels it).
    ...(order.anonymisedAt ? { anonymisedAt: at } : {}),
  };
}

export function replacementItems(
  ctx: Context,
  order: Order & { exchangeOf: string },
  r: Return,
  now: Date,
): TransactItem[] {
  return [
    {
      Put: {
        TableName: ctx.tableName,
        Item: {
          ...orderKey(order.id),
          ...orderIndexes(order.userId, order.createdAt, order.id),
          entity: ORDER_ENTITY,
          ...order,
          promotionRedeemed: false,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Put: {
        TableName: ctx.tableName,
        Item: { ...orderNumberKey(order.number), entity: "orderNumber", orderId: order.id },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    // Counted in the orders per state; never a sale (nothing was paid).
    eventPut(
      ctx,
      "order.placed",
      {
        orderId: order.id,
        number: order.number,
        userId: order.userId,
        totalCents: 0,
        exchangeOf: r.rma,
      },
      now,
    ),
  ];
}
