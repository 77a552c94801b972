// Returns in the table (keys in ../db/keys.ts, access patterns in ../db/README.md):
//   return      pk ORDER#<orderId>  sk RETURN#<rma>   gsi1 USER#<userId>#RETURNS / <createdAt>#<rma>
//                                                      gsi2 RETURNS / <createdAt>#<rma>
//   RMA claim   pk RMA#<rma>        sk RMA            (the return's number, unique; RMA → order)
//
// Every change is one transaction conditional on the state it read, so a change happens once
// however often it is asked (two admins, a redelivered webhook):
// - a request writes the return, its claim, the order's `returnsSeq` (conditional on the value
//   read: one request at a time per order, so the units and the refund are counted from what is
//   really there), the exchange's replacement units taken from the stock (conditional on enough
//   being left: two exchanges racing for the last unit, one wins), return.requested and the
//   customer's e-mail;
// - a rejection or a cancellation gives an exchange's reserved units back;
// - receiving puts the returned units back in the stock (not faulty ones) and, for an exchange,
//   writes the replacement order (no charge, the reserved units are its own);
// - the refund goes through the payment port (idempotency key per return); the return becomes
//   "refunded" only when the provider's webhook confirms it (confirmReturnRefund).
import { randomBytes, randomUUID } from "node:crypto";
import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import * as v from "valibot";
import { getProductsByIds } from "../catalog/product-lookups.server.ts";
import type { SizeTag } from "../catalog/sizes.ts";
import { variantName } from "../catalog/variants.ts";
import { handlePaymentWebhook, type WebhookAnswer } from "../checkout/payment-webhook.server.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import {
  orderIndexes,
  orderKey,
  orderNumberKey,
  RETURN_SK_PREFIX,
  returnIndexes,
  returnKey,
  rmaKey,
  stockProductId,
} from "../db/keys.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import { eventPut } from "../events/events.server.ts";
import { getStocks, planStock, stockItems } from "../inventory/stock.server.ts";
import { mailRequest } from "../mail/queue.server.ts";
import { renderMail } from "../mail/render.server.ts";
import { newOrderNumber } from "../orders/order-number.ts";
import { ORDER_ENTITY, ORDER_NOT_FOUND, type Order, toOrder } from "../orders/orders.server.ts";
import { paymentGateway } from "../payments/gateway.server.ts";
import type { PaymentEvent } from "../payments/port.ts";
import { formatPrice } from "../pricing/money.ts";
import {
  RETURN_APPROVED,
  RETURN_RECEIVED,
  RETURN_REFUNDED,
  RETURN_REQUESTED,
  type ReturnEventPayload,
  type ReturnRefundedPayload,
} from "./events.ts";
import {
  boughtColour,
  creditNoteNumber,
  EXCHANGE_SIZE_OUT_OF_STOCK,
  type ExchangeOptions,
  type ExchangeVariant,
  type ExistingReturn,
  exchangeSizeField,
  exchangeVariants,
  isReturnState,
  RETURN_ADDRESS,
  RETURN_INSTRUCTIONS,
  type RefundBreakdown,
  type ReturnLineRequest,
  type ReturnReason,
  type ReturnState,
  RMA_PATTERN,
  refundFor,
  returnableUnits,
  returnReasonLabel,
  returnRequestError,
  returnTransitionError,
  withinReturnWindow,
} from "./rules.ts";
import {
  ReceiveReturnSchema,
  RejectReturnSchema,
  returnRequestFromForm,
  returnRequestSchema,
} from "./schemas.ts";

export const RETURN_ENTITY = "return";
export const RETURN_NOT_FOUND = "Return not found";
export const RETURN_CHANGED = "The return changed meanwhile, please try again";
export const NO_REFUND_FOR_RETURN = "Nothing is refunded for this return";
export const REFUND_NOT_ISSUED =
  "The payment provider did not refund the return; nothing changed, try again later";

export interface ReturnLine extends ReturnLineRequest {
  productId: string;
  name: string;
  slug: string;
  /**
   * The colour bought (palette id; an exchange's new one is exchangeColour, or this one). None on
   * lines of orders placed before colourways: their stock is the product's first colourway's.
   */
  colour?: string;
  /** The size bought (an exchange's new size is exchangeSize). */
  size: SizeTag;
}

export interface Return {
  rma: string;
  orderId: string;
  orderNumber: string;
  userId: string;
  email: string;
  state: ReturnState;
  reason: ReturnReason;
  lines: ReturnLine[];
  refund: RefundBreakdown;
  /** This return completes the order's return: the delivery is in its refund. */
  refundsShipping: boolean;
  createdAt: string;
  updatedAt: string;
  approvedAt?: string;
  rejectedAt?: string;
  /** The admin's message to the customer. */
  rejectMessage?: string;
  cancelledAt?: string;
  receivedAt?: string;
  /** Received as faulty: not put back in the stock. */
  faulty?: boolean;
  /** An exchange's replacement units are taken from the stock (until rejected or cancelled). */
  exchangeReserved?: boolean;
  replacementOrderId?: string;
  replacementOrderNumber?: string;
  refundRequestedAt?: string;
  refundId?: string;
  /** Refunds the provider turned down: the next one asks with a new idempotency key. */
  refundAttempts?: number;
  /** Why the last refund did not go through (the provider's reason). */
  refundError?: string;
  refundedAt?: string;
  creditNoteNumber?: string;
  creditNoteKey?: string;
  refundNoticeQueuedAt?: string;
  /** The customer deleted their account: the e-mail is a placeholder from then on. */
  anonymisedAt?: string;
}

const isExchange = (line: ReturnLineRequest) => Boolean(line.exchangeSize);

/** What the rules need of an order's returns. */
const existing = (returns: readonly Return[]): ExistingReturn[] =>
  returns.map((r) => ({
    state: r.state,
    lines: r.lines,
    refundCents: r.refund.totalCents,
    refundsShipping: r.refundsShipping,
  }));

// ─── Reading ────────────────────────────────────────────────────────────────────────────────

/** An order's returns, oldest first: one consistent Query of the order's partition. */
export async function listReturnsOfOrder(ctx: Context, orderId: string): Promise<Return[]> {
  const returns: Return[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
        ExpressionAttributeValues: { ":pk": orderKey(orderId).pk, ":sk": RETURN_SK_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    returns.push(...(page.Items ?? []).map(toReturn));
    start = page.LastEvaluatedKey;
  } while (start);
  return returns.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** A return by its number (admin, reactions): the claim, then the return. */
export async function getReturn(ctx: Context, rma: string): Promise<Return | null> {
  if (typeof rma !== "string" || !RMA_PATTERN.test(rma)) return null;
  const { Item: claim } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: rmaKey(rma), ConsistentRead: true }),
  );
  if (typeof claim?.orderId !== "string") return null;
  const { Item } = await ctx.db.send(
    new GetCommand({
      TableName: ctx.tableName,
      Key: returnKey(claim.orderId, rma),
      ConsistentRead: true,
    }),
  );
  return Item ? toReturn(Item) : null;
}

/** The signed-in customer's return; another customer's is "not found" (null). */
export async function getReturnForUser(
  ctx: Context,
  userId: string,
  rma: string,
): Promise<Return | null> {
  const found = await getReturn(ctx, rma);
  return found && found.userId === userId ? found : null;
}

export interface ReturnPage {
  returns: Return[];
  cursor?: string;
}

/** The customer's returns, newest first (gsi1; the admin's customer page). */
export async function listReturnsForUser(ctx: Context, userId: string): Promise<Return[]> {
  const { Items } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": `USER#${userId}#RETURNS` },
      ScanIndexForward: false,
      Limit: 100,
    }),
  );
  return (Items ?? []).map(toReturn);
}

/** Every return, newest first (gsi2 RETURNS), optionally in one state; a page at a time. */
export async function listAllReturns(
  ctx: Context,
  options: { state?: unknown; cursor?: string; limit?: number } = {},
): Promise<ReturnPage> {
  const state =
    options.state === undefined || options.state === null || options.state === ""
      ? undefined
      : options.state;
  if (state !== undefined && !isReturnState(state)) {
    throw new DomainError("Choose a valid return state", "state");
  }
  const limit = Math.min(100, Math.max(1, Math.floor(options.limit ?? 20)));
  let start = decodeCursor(options.cursor);
  const returns: Return[] = [];
  for (let round = 0; round < (state ? 5 : 1); round++) {
    const { Items, LastEvaluatedKey } = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        IndexName: "gsi2",
        KeyConditionExpression: "gsi2pk = :pk",
        ExpressionAttributeValues: { ":pk": "RETURNS", ...(state ? { ":state": state } : {}) },
        ...(state
          ? { FilterExpression: "#state = :state", ExpressionAttributeNames: { "#state": "state" } }
          : {}),
        ScanIndexForward: false,
        Limit: limit - returns.length,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    returns.push(...(Items ?? []).map(toReturn));
    start = LastEvaluatedKey as Record<string, string> | undefined;
    if (!start || returns.length >= limit) break;
  }
  return start
    ? { returns, cursor: Buffer.from(JSON.stringify(start)).toString("base64url") }
    : { returns };
}

function decodeCursor(cursor: string | undefined): Record<string, string> | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(String(cursor).slice(0, 1000), "base64url").toString());
    const allowed = new Set(["pk", "sk", "gsi2pk", "gsi2sk"]);
    if (typeof value !== "object" || value === null) throw new Error();
    for (const [k, x] of Object.entries(value)) {
      if (!allowed.has(k) || typeof x !== "string") throw new Error();
    }
    return value;
  } catch {
    throw new DomainError("Invalid page cursor", "cursor");
  }
}

// ─── The customer's request ─────────────────────────────────────────────────────────────────

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

const emptyOptions: ExchangeOptions = { offered: new Map(), colours: new Map(), stock: new Map() };

async function exchangeOptions(ctx: Context, order: Order): Promise<ExchangeOptions> {
  const ids = [...new Set(order.lines.map((l) => l.productId))];
  const [products, stock] = await Promise.all([getProductsByIds(ctx, ids), getStocks(ctx, ids)]);
  return {
    offered: new Map(products.map((p) => [p.id, p.sizes as string[]])),
    colours: new Map(products.map((p) => [p.id, p.colourways.map((way) => way.colour.id)])),
    stock,
  };
}

/**
 * Stock lines of a return's units: each in its colour, or (a line of an order placed before
 * colourways) in its product's first colourway, read only when such a line is there. A product
 * no longer there keeps no stock: its lines are left out.
 */
async function stockLinesOf(
  ctx: Context,
  lines: ReadonlyArray<{
    productId: string;
    colour?: string | undefined;
    size: string;
    quantity: number;
  }>,
): Promise<Array<{ productId: string; colour: string; size: string; quantity: number }>> {
  const unnamed = [...new Set(lines.filter((l) => !l.colour).map((l) => l.productId))];
  const first = new Map(
    unnamed.length === 0
      ? []
      : (await getProductsByIds(ctx, unnamed)).map((p) => [p.id, p.colourways[0]?.colour.id]),
  );
  return lines.flatMap((l) => {
    const colour = l.colour ?? first.get(l.productId);
    return colour ? [{ productId: l.productId, colour, size: l.size, quantity: l.quantity }] : [];
  });
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
      const stockFailed = error.reasons.findIndex(
        (reason, i) => i >= stockAt && reason === "ConditionalCheckFailed",
      );
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

/**
 * An exchange's replacement units: the same product in the new variant (the new colour, else the
 * colour bought; before colourways, the product's first).
 */
function replacementLines(lines: readonly ReturnLine[], options: Pick<ExchangeOptions, "colours">) {
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

const payloadOf = (r: Return): ReturnEventPayload => ({
  rma: r.rma,
  orderId: r.orderId,
  orderNumber: r.orderNumber,
  userId: r.userId,
});

// ─── Moving a return ────────────────────────────────────────────────────────────────────────

async function mustGet(ctx: Context, rma: string): Promise<Return> {
  const found = await getReturn(ctx, rma);
  if (!found) throw new DomainError(RETURN_NOT_FOUND, "return", 404);
  return found;
}

function refuseMove(r: Return, to: ReturnState): void {
  const refused = returnTransitionError(r.state, to);
  if (refused) throw new DomainError(refused, "return", 409);
}

/** The update of the return from its state as read to `to`, with `sets` (name → value). */
function moveItem(
  ctx: Context,
  r: Return,
  to: ReturnState,
  sets: Record<string, unknown>,
  extra: { condition: string; values: Record<string, unknown> } = { condition: "", values: {} },
): TransactItem {
  const names: Record<string, string> = { "#state": "state" };
  const values: Record<string, unknown> = { ":from": r.state, ":to": to, ...extra.values };
  const parts = ["#state = :to"];
  Object.entries(sets).forEach(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    parts.push(`#a${i} = :a${i}`);
  });
  return {
    Update: {
      TableName: ctx.tableName,
      Key: returnKey(r.orderId, r.rma),
      UpdateExpression: `SET ${parts.join(", ")}`,
      ConditionExpression: `#state = :from${extra.condition}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Runs a move; a return changed meanwhile is answered from what it is now. */
async function runMove(
  ctx: Context,
  r: Return,
  to: ReturnState,
  items: TransactItem[],
): Promise<Return> {
  try {
    await transact(ctx, items);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) {
      const now = await mustGet(ctx, r.rma);
      refuseMove(now, to);
      throw new DomainError(RETURN_CHANGED, "return", 409);
    }
    // A stock item is gone (its product was deleted): move without the stock changes.
    await transact(
      ctx,
      items.filter((item, i) => i === 0 || !("Update" in item && isStockKey(item))),
    );
  }
  return mustGet(ctx, r.rma);
}

const isStockKey = (item: TransactItem) =>
  "Update" in item && (item.Update?.Key as { sk?: string } | undefined)?.sk === "STOCK";

/** The admin approves a requested return. */
export async function approveReturn(ctx: Context, rma: string, now = new Date()): Promise<Return> {
  const r = await mustGet(ctx, rma);
  refuseMove(r, "approved");
  const at = now.toISOString();
  return runMove(ctx, r, "approved", [
    moveItem(ctx, r, "approved", { approvedAt: at, updatedAt: at }),
    eventPut(ctx, RETURN_APPROVED, payloadOf(r), now),
  ]);
}

/** The admin rejects a requested return with a message; an exchange's units go back. */
export async function rejectReturn(
  ctx: Context,
  rma: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<Return> {
  const parsed = v.safeParse(RejectReturnSchema, form);
  if (!parsed.success) throw new DomainError(parsed.issues[0].message, "message");
  const r = await mustGet(ctx, rma);
  refuseMove(r, "rejected");
  const at = now.toISOString();
  return runMove(ctx, r, "rejected", [
    moveItem(ctx, r, "rejected", {
      rejectedAt: at,
      rejectMessage: parsed.output.message,
      updatedAt: at,
      exchangeReserved: false,
    }),
    ...(await releaseExchange(ctx, r, now)),
  ]);
}

/** The customer cancels their own return before it is received; an exchange's units go back. */
export async function cancelReturn(
  ctx: Context,
  userId: string,
  rma: string,
  now = new Date(),
): Promise<Return> {
  const r = await getReturnForUser(ctx, userId, rma);
  if (!r) throw new DomainError(RETURN_NOT_FOUND, "return", 404);
  refuseMove(r, "cancelled");
  const at = now.toISOString();
  return runMove(ctx, r, "cancelled", [
    moveItem(ctx, r, "cancelled", { cancelledAt: at, updatedAt: at, exchangeReserved: false }),
    ...(await releaseExchange(ctx, r, now)),
  ]);
}

async function releaseExchange(ctx: Context, r: Return, now: Date): Promise<TransactItem[]> {
  const exchanges = r.lines.filter(isExchange);
  if (!r.exchangeReserved || exchanges.length === 0) return [];
  const lines = replacementLines(exchanges, await coloursFor(ctx, exchanges));
  return stockItems(ctx, lines, "release", now);
}

/**
 * The admin marks an approved return received: exactly once (conditional on "approved"), the
 * returned units go back to the stock unless they are faulty, and an exchange's replacement is
 * written as a new order at no charge, holding the units reserved at the request. A return with
 * nothing left to refund (a pure exchange) is then "exchanged".
 */
export async function receiveReturn(
  ctx: Context,
  rma: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<Return> {
  const parsed = v.safeParse(ReceiveReturnSchema, form);
  if (!parsed.success) throw new DomainError(parsed.issues[0].message, "faulty");
  const options = parsed.output;
  const r = await mustGet(ctx, rma);
  refuseMove(r, "received");
  const at = now.toISOString();
  const exchanges = r.lines.filter(isExchange);
  const to: ReturnState =
    r.refund.totalCents === 0 && exchanges.length > 0 ? "exchanged" : "received";
  const sets: Record<string, unknown> = { receivedAt: at, updatedAt: at, faulty: options.faulty };
  const items: TransactItem[] = [];
  if (exchanges.length > 0) {
    const order = await ownOrderById(ctx, r.orderId);
    const replacement = replacementOrder(order, r, exchanges, now);
    sets.replacementOrderId = replacement.id;
    sets.replacementOrderNumber = replacement.number;
    sets.exchangeReserved = false;
    items.push(...replacementItems(ctx, replacement, r, now));
  }
  if (!options.faulty) {
    // Each returned unit back to its own variant.
    items.push(...stockItems(ctx, await stockLinesOf(ctx, r.lines), "release", now));
  }
  items.push(
    eventPut(
      ctx,
      RETURN_RECEIVED,
      { ...payloadOf(r), faulty: options.faulty, ...returnFitOf(r) },
      now,
    ),
  );
  // The move first: runMove reads a failure of item 0 as "changed meanwhile".
  return runMove(ctx, r, to, [moveItem(ctx, r, to, sets), ...items]);
}

/**
 * What a received return tells the fit counters (core/src/reviews/fit.server.ts): "Too small" or
 * "Too large" and the products returned, nothing personal; nothing for another reason.
 */
function returnFitOf(r: Return): { fit?: "small" | "large"; fitProducts?: string[] } {
  const fit = r.reason === "too-small" ? "small" : r.reason === "too-large" ? "large" : undefined;
  if (!fit) return {};
  return { fit, fitProducts: [...new Set(r.lines.map((line) => line.productId))] };
}

async function ownOrderById(ctx: Context, orderId: string): Promise<Order> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: orderKey(orderId), ConsistentRead: true }),
  );
  if (!Item) throw new DomainError(ORDER_NOT_FOUND, "order", 404);
  return toOrder(Item);
}

/** The exchange's new order: the new sizes, nothing to pay, the reserved units its own. */
function replacementOrder(
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

function replacementItems(
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

/**
 * The admin refunds a received return through the payment port: a partial refund of the
 * return's amount, with the return's own idempotency key (asked again, the provider answers the
 * same refund). The return stays "received" (refund requested) until the provider's webhook
 * confirms it; with the local test gateway, its signed confirmation is delivered at once to the
 * same webhook entry point, as a card charge's is.
 */
export async function refundReturn(ctx: Context, rma: string, now = new Date()): Promise<Return> {
  const r = await mustGet(ctx, rma);
  refuseMove(r, "refunded");
  if (r.refund.totalCents <= 0) throw new DomainError(NO_REFUND_FOR_RETURN, "return", 409);
  const order = await ownOrderById(ctx, r.orderId);
  if (!order.paymentId) throw new DomainError(NO_REFUND_FOR_RETURN, "return", 409);
  const gateway = paymentGateway(ctx.config);
  let issued: Awaited<ReturnType<typeof gateway.refund>>;
  try {
    issued = await gateway.refund(order.paymentId, refundKey(r), {
      amountCents: r.refund.totalCents,
      metadata: { rma: r.rma, orderId: r.orderId },
    });
  } catch (error) {
    console.error(`Refund of return ${r.rma} failed`, error);
    throw new DomainError(REFUND_NOT_ISSUED, "return", 409);
  }
  try {
    await transact(ctx, [
      moveItem(ctx, r, "received", {
        refundId: issued.refundId,
        refundRequestedAt: now.toISOString(),
        updatedAt: now.toISOString(),
      }),
    ]);
  } catch (error) {
    // Confirmed meanwhile (a fast webhook): nothing more to record.
    if (!(error instanceof TransactionCancelled)) throw error;
  }
  if (issued.confirmation) {
    const answer = await handleWebhook(
      ctx,
      issued.confirmation.rawBody,
      issued.confirmation.signature,
    );
    if (answer.status !== 200)
      throw new Error(`The local refund event was refused: ${answer.body}`);
  }
  return mustGet(ctx, r.rma);
}

/**
 * The refund's idempotency key: the same for every ask until the provider turns a refund down,
 * then a new one (asking with the old key would answer the failed refund again).
 */
export const refundKey = (r: Pick<Return, "rma" | "refundAttempts">) =>
  r.refundAttempts ? `return-${r.rma}-${r.refundAttempts}` : `return-${r.rma}`;

/**
 * The provider confirms a refund (the webhook): exactly once, the return becomes "refunded",
 * with return.refunded (the credit note, the e-mail and the insights are its reactions). A
 * redelivery, or a refund that is not a return's, changes nothing.
 */
export async function confirmReturnRefund(
  ctx: Context,
  event: Extract<PaymentEvent, { type: "refund.succeeded" }>,
  now = new Date(),
): Promise<string> {
  if (!event.rma) return "ignored";
  const r = await getReturn(ctx, event.rma);
  if (!r) return "unknown-return";
  if (r.state === "refunded") return "already-refunded";
  // A fast webhook may come before the refund's id is recorded (./refundReturn): its return is
  // in the refund's metadata, so it is taken all the same.
  if (r.state !== "received" || (r.refundId !== undefined && r.refundId !== event.refundId)) {
    return "ignored";
  }
  const at = now.toISOString();
  const move = moveItem(
    ctx,
    r,
    "refunded",
    {
      refundedAt: at,
      updatedAt: at,
      creditNoteNumber: creditNoteNumber(r.rma),
      refundId: event.refundId,
    },
    {
      condition: " AND (attribute_not_exists(refundId) OR refundId = :refundId)",
      values: { ":refundId": event.refundId },
    },
  );
  const refunded = eventPut(
    ctx,
    RETURN_REFUNDED,
    {
      ...payloadOf(r),
      refundCents: r.refund.totalCents,
      refundedAt: at,
    } satisfies ReturnRefundedPayload,
    now,
  );
  // The order keeps what its returns refunded (the admin's CSV export reads it).
  const onOrder: TransactItem = {
    Update: {
      TableName: ctx.tableName,
      Key: orderKey(r.orderId),
      UpdateExpression: "ADD returnRefundedCents :cents",
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeValues: { ":cents": r.refund.totalCents },
    },
  };
  try {
    await transact(ctx, [move, onOrder, refunded]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) return "already-refunded";
    // The order was deleted meanwhile: the return is refunded all the same.
    if (!error.failedAt(1)) throw error;
    try {
      await transact(ctx, [move, refunded]);
    } catch (again) {
      if (again instanceof TransactionCancelled && again.failedAt(0)) return "already-refunded";
      throw again;
    }
  }
  return "refunded";
}

/**
 * The provider turns a refund down (the webhook): the return stays "received", without its
 * refund, with the reason, and the next "Refund" asks anew (a new idempotency key). Once only:
 * conditional on the refund it names.
 */
export async function failReturnRefund(
  ctx: Context,
  event: Extract<PaymentEvent, { type: "refund.failed" }>,
  now = new Date(),
): Promise<string> {
  if (!event.rma) return "ignored";
  const r = await getReturn(ctx, event.rma);
  if (!r) return "unknown-return";
  if (r.state !== "received" || r.refundId !== event.refundId) return "ignored";
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: returnKey(r.orderId, r.rma),
        UpdateExpression:
          "SET refundError = :why, refundAttempts = if_not_exists(refundAttempts, :zero) + :one, updatedAt = :now REMOVE refundId, refundRequestedAt",
        ConditionExpression: "#state = :received AND refundId = :refundId",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: {
          ":why": event.message ?? "The payment provider turned the refund down",
          ":zero": 0,
          ":one": 1,
          ":now": now.toISOString(),
          ":received": "received",
          ":refundId": event.refundId,
        },
      }),
    );
  } catch (error) {
    if ((error as Error).name === "ConditionalCheckFailedException") return "ignored";
    throw error;
  }
  return "refund-failed";
}

/**
 * The payment webhook's entry point with the returns' refunds: the orders' own
 * (handlePaymentWebhook), handing it confirmReturnRefund. The Stripe webhook function calls this.
 */
export function handleWebhook(
  ctx: Context,
  rawBody: string | Uint8Array,
  signatureHeader: string | undefined,
): Promise<WebhookAnswer> {
  return handlePaymentWebhook(ctx, rawBody, signatureHeader, (c, event) =>
    event.type === "refund.succeeded" ? confirmReturnRefund(c, event) : failReturnRefund(c, event),
  );
}

// ─── Mail ───────────────────────────────────────────────────────────────────────────────────

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

/** Keeps what a Return is; drops keys and internal attributes. */
export function toReturn(item: Record<string, unknown>): Return {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _g1,
    gsi1sk: _g1s,
    gsi2pk: _g2,
    gsi2sk: _g2s,
    entity: _e,
    ...rest
  } = item;
  return rest as unknown as Return;
}
