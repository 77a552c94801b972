// Returns in the table, and reading them (keys in ../db/keys.ts, access patterns in
// ../db/README.md):
//   return      pk ORDER#<orderId>  sk RETURN#<rma>   gsi1 USER#<userId>#RETURNS / <createdAt>#<rma>
//                                                      gsi2 RETURNS / <createdAt>#<rma>
//   RMA claim   pk RMA#<rma>        sk RMA            (the return's number, unique; RMA → order)
//
// The use cases that change a return: ./request.server.ts, ./review.server.ts,
// ./receive.server.ts, ./refund.server.ts (their shared moves: ./moves.server.ts; an exchange's
// replacement: ./exchange.server.ts).
import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { SizeTag } from "../catalog/sizes.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { orderKey, RETURN_SK_PREFIX, returnKey, rmaKey } from "../db/keys.ts";
import {
  isReturnState,
  type RefundBreakdown,
  type ReturnLineRequest,
  type ReturnReason,
  type ReturnState,
  RMA_PATTERN,
} from "./rules.ts";

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

export async function mustGet(ctx: Context, rma: string): Promise<Return> {
  const found = await getReturn(ctx, rma);
  if (!found) throw new DomainError(RETURN_NOT_FOUND, "return", 404);
  return found;
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
