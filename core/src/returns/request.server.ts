// The customer's request to return or exchange units of a delivered order, and the order's
// return form (one transaction, see ./moves.server.ts).
import { randomBytes } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import * as v from "valibot";
import { variantName } from "../catalog/variants.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { orderKey, returnIndexes, returnKey, rmaKey, stockProductId } from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { planStock, stockItems } from "../inventory/stock.server.ts";
import { mailRequest } from "../mail/queue.server.ts";
import { renderMail } from "../mail/render.server.ts";
import { ORDER_NOT_FOUND, type Order, toOrder } from "../orders/orders.server.ts";
import { formatPrice } from "../pricing/money.ts";
import { RETURN_REQUESTED } from "./events.ts";
import { emptyOptions, exchangeOptions, replacementLines } from "./exchange.server.ts";
import { existing, isExchange, payloadOf } from "./moves.server.ts";
import {
  listReturnsOfOrder,
  RETURN_CHANGED,
  RETURN_ENTITY,
  type Return,
  type ReturnLine,
} from "./reading.server.ts";
import {
  EXCHANGE_SIZE_OUT_OF_STOCK,
  type ExchangeVariant,
  exchangeSizeField,
  exchangeVariants,
  RETURN_ADDRESS,
  RETURN_INSTRUCTIONS,
  refundFor,
  returnableUnits,
  returnReasonLabel,
  returnRequestError,
  withinReturnWindow,
} from "./rules.ts";
import { returnRequestFromForm, returnRequestSchema } from "./schemas.ts";

/** The order as its return form needs it: the order, what may still be returned, the sizes. */
export interface ReturnForm {
  order: Order;
  returns: Return[];
  /** Per order line: units that may still be returned, and the variants an exchange may ask for. */
  lines: Array<{ returnable: number; exchangeVariants: ExchangeVariant[] }>;
  windowEnds: string;
}

/** The signed-in customer's delivered order, ready for its return form; or a DomainError. */
export async function returnFormFor(
  ctx: Context,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<ReturnForm> {
  const { order } = await ownOrder(ctx, userId, orderId);
  const returns = await listReturnsOfOrder(ctx, order.id);
  const refused = returnRequestError(
    order,
    [{ line: 0, quantity: 1 }],
    [],
    emptyOptions,
    now,
    ctx.config.returnDays,
  );
  if (refused && refused.field === "order") {
    throw new DomainError(refused.message, "order", 409);
  }
  const options = await exchangeOptions(ctx, order);
  const returnable = returnableUnits(order, existing(returns));
  return {
    order,
    returns,
    lines: order.lines.map((line, i) => ({
      returnable: returnable[i] ?? 0,
      exchangeVariants: exchangeVariants(line, options),
    })),
    windowEnds: new Date(
      new Date(order.deliveredAt ?? now).getTime() + ctx.config.returnDays * 86_400_000,
    ).toISOString(),
  };
}

/** Can this order still be returned (the order history's "Return or exchange items")? */
export function orderReturnable(ctx: Context, order: Order, now = new Date()): boolean {
  return (
    order.state === "DELIVERED" &&
    order.payment === "paid" &&
    withinReturnWindow(order.deliveredAt, now, ctx.config.returnDays)
  );
}

/** The customer's own order (another's is "not found"), with the returns sequence read. */
async function ownOrder(
  ctx: Context,
  userId: string,
  orderId: string,
): Promise<{ order: Order; seq: number | undefined }> {
  if (typeof orderId !== "string" || orderId === "" || orderId.length > 100) {
    throw new DomainError(ORDER_NOT_FOUND, "order", 404);
  }
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: orderKey(orderId), ConsistentRead: true }),
  );
  if (!Item || Item.userId !== userId) throw new DomainError(ORDER_NOT_FOUND, "order", 404);
  return {
    order: toOrder(Item),
    seq: typeof Item.returnsSeq === "number" ? Item.returnsSeq : undefined,
  };
}

export interface RequestReturnInput {
  /** From the session. */
  userId: string;
  orderId: string;
  /** The form's fields, untrusted (returnRequestSchema). */
  form: Record<string, unknown>;
}

/** Tries when another request of the same order, or a taken RMA, got in first. */
const REQUEST_ATTEMPTS = 3;

/**
 * The customer asks to return or exchange units of a delivered order. Refusals are DomainErrors
 * naming their field (a quantity, a size, the reason, the order).
 */
export async function requestReturn(
  ctx: Context,
  input: RequestReturnInput,
  now = new Date(),
): Promise<Return> {
  for (let attempt = 1; ; attempt++) {
    const { order, seq } = await ownOrder(ctx, input.userId, input.orderId);
    const parsed = v.safeParse(returnRequestSchema(order.lines.length), input.form);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      throw new DomainError(issue.message, v.getDotPath(issue) ?? "lines");
    }
    const { lines, reason } = returnRequestFromForm(
      parsed.output as Record<string, unknown>,
      order.lines.length,
    );
    const returns = await listReturnsOfOrder(ctx, order.id);
    const options = lines.some(isExchange) ? await exchangeOptions(ctx, order) : emptyOptions;
    const refused = returnRequestError(
      order,
      lines,
      existing(returns),
      options,
      now,
      ctx.config.returnDays,
    );
    if (refused) throw new DomainError(refused.message, refused.field, refused.status);

    const refund = refundFor(order, lines, existing(returns));
    const rma = newRma();
    const at = now.toISOString();
    const returnLines: ReturnLine[] = lines.map((l) => {
      const bought = order.lines[l.line] as Order["lines"][number];
      return {
        ...l,
        productId: bought.productId,
        name: bought.name,
        slug: bought.slug,
        ...(bought.colour ? { colour: bought.colour } : {}),
        size: bought.size,
      };
    });
    const exchanges = returnLines.filter(isExchange);
    const record: Return = {
      rma,
      orderId: order.id,
      orderNumber: order.number,
      userId: order.userId,
      email: order.email,
      state: "requested",
      reason,
      lines: returnLines,
      refund,
      refundsShipping: refund.shippingCents > 0,
      ...(exchanges.length > 0 ? { exchangeReserved: true } : {}),
      createdAt: at,
      updatedAt: at,
    };
    const mail = await renderMail("return-requested", requestedMailProps(ctx, record));
    const items: TransactItem[] = [
      {
        Update: {
          TableName: ctx.tableName,
          Key: orderKey(order.id),
          UpdateExpression: "SET returnsSeq = :next",
          ConditionExpression: `#state = :delivered AND payment = :paid AND ${
            seq === undefined ? "attribute_not_exists(returnsSeq)" : "returnsSeq = :seq"
          }`,
          ExpressionAttributeNames: { "#state": "state" },
          ExpressionAttributeValues: {
            ":delivered": "DELIVERED",
            ":paid": "paid",
            ":next": (seq ?? 0) + 1,
            ...(seq === undefined ? {} : { ":seq": seq }),
          },
        },
      },
      {
        Put: {
          TableName: ctx.tableName,
          Item: { ...rmaKey(rma), entity: "rma", rma, orderId: order.id },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...returnKey(order.id, rma),
            ...returnIndexes(order.userId, at, rma),
            entity: RETURN_ENTITY,
            ...record,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      eventPut(ctx, RETURN_REQUESTED, payloadOf(record), now),
      mailRequest(ctx, { to: order.email, ...mail }, now),
    ];
    const stockAt = items.length;
    if (exchanges.length > 0) {
      // From the shards that have the new variant's units (docs/decisions/043-stock-shards.md).
      const replacements = replacementLines(exchanges, options);
      const { plan, over } = await planStock(ctx, replacements);
      if (over) {
        const line = exchanges.find((l) => l.productId === over.line.productId) ?? exchanges[0];
        throw new DomainError(EXCHANGE_SIZE_OUT_OF_STOCK, exchangeSizeField(line?.line ?? 0), 409);
      }
      items.push(...stockItems(ctx, replacements, "reserve", now, plan));
    }
    try {
      await transact(ctx, items);
      return record;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const stockFailed = error.reasons.findIndex((_, i) => i >= stockAt && error.failedAt(i));
      if (stockFailed >= 0) {
        // A shard's units went to someone else meanwhile: plan again from what is left.
        if (attempt < REQUEST_ATTEMPTS) continue;
        const pk = (items[stockFailed] as { Update?: { Key: { pk: string } } }).Update?.Key.pk;
        const productId = pk && stockProductId(pk);
        const line = exchanges.find((l) => l.productId === productId) ?? exchanges[0];
        throw new DomainError(EXCHANGE_SIZE_OUT_OF_STOCK, exchangeSizeField(line?.line ?? 0), 409);
      }
      const retry =
        error.failedAt(0) || error.failedAt(1) || error.reasons.includes("TransactionConflict");
      if (retry && attempt < REQUEST_ATTEMPTS) continue;
      if (error.failedAt(0) || error.reasons.includes("TransactionConflict")) {
        throw new DomainError(RETURN_CHANGED, "order", 409);
      }
      throw error;
    }
  }
}

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** "RMA-" and 8 characters of Crockford's base32 from 40 random bits (as order numbers). */
function newRma(): string {
  let value = 0n;
  for (const byte of randomBytes(5)) value = (value << 8n) | BigInt(byte);
  let text = "";
  for (let i = 0; i < 8; i++) {
    text = ALPHABET[Number(value & 31n)] + text;
    value >>= 5n;
  }
  return `RMA-${text}`;
}

function requestedMailProps(ctx: Context, r: Return) {
  return {
    rma: r.rma,
    orderNumber: r.orderNumber,
    lines: r.lines.map((l) => ({
      quantity: l.quantity,
      name: l.name,
      variant: variantName(l.colour, l.size),
      ...(l.exchangeSize
        ? { exchangeFor: variantName(l.exchangeColour ?? l.colour, l.exchangeSize) }
        : {}),
    })),
    reason: returnReasonLabel(r.reason),
    refund: formatPrice(r.refund.totalCents),
    instructions: [...RETURN_INSTRUCTIONS],
    returnAddress: [...RETURN_ADDRESS],
    slipUrl: `${ctx.config.appUrl}/order/returns/${r.rma}/slip`,
    returnUrl: `${ctx.config.appUrl}/order/returns/${r.rma}`,
  };
}
