// Promotion codes. Keys: pk PROMO#<code> sk PROMO (the code is unique by condition; its case is
// kept as stored), listed on gsi1 PROMOS / <code>. "Apply" only checks a code (docs/product.md
// §4 "Promotion"); placing the order redeems a code with a usage limit with a conditional counter in
// the order's own transaction (usedCount < usageLimit, not expired), and a failed or cancelled
// payment releases it. A code without a limit is not written by orders (CheckedPromotion).
import { GetCommand, paginateQuery, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { promotionIndexes, promotionKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { isPromotionExpired, isPromotionUsedUp } from "./rules.ts";

export { isPromotionExpired, isPromotionUsedUp } from "./rules.ts";

export interface Promotion {
  code: string;
  label: string;
  amountCents: number;
  /** How many orders may redeem it; undefined = unlimited. */
  usageLimit?: number;
  usedCount: number;
  /** ISO time after which it no longer applies. */
  expiresAt?: string;
  createdAt: string;
}

export const PROMOTION_CODE_TAKEN = "A promotion with this code already exists";

export async function createPromotion(
  ctx: Context,
  input: Omit<Promotion, "usedCount" | "createdAt">,
  now = new Date(),
): Promise<Promotion> {
  const promotion: Promotion = { ...input, usedCount: 0, createdAt: now.toISOString() };
  try {
    await transact(ctx, [
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...promotionKey(input.code),
            entity: "promotion",
            ...promotionIndexes(input.code),
            ...promotion,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) {
      const deleted = (await rawPromotion(ctx, input.code))?.deletedAt;
      throw new DomainError(deleted ? PROMOTION_CODE_RETIRED : PROMOTION_CODE_TAKEN, "code", 409);
    }
    throw error;
  }
  return promotion;
}

export const PROMOTION_CODE_RETIRED =
  "This code belonged to a deleted promotion and cannot be used again";
export const PROMOTION_GONE = "This promotion no longer exists";
export const USAGE_LIMIT_BELOW_USE = "The usage limit cannot be lower than the times already used";

async function rawPromotion(ctx: Context, code: string) {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: promotionKey(code), ConsistentRead: true }),
  );
  return Item;
}

/**
 * Has this code ever been given to a promotion (live or deleted)? The seed asks this, so a seeded
 * code an admin deleted is not brought back (and the seed does not stop on "retired").
 */
export async function promotionCodeUsed(ctx: Context, code: string): Promise<boolean> {
  return (await rawPromotion(ctx, code)) !== undefined;
}

/** Every live promotion, by code (gsi1 PROMOS; a shop has tens, so all pages are read). */
export async function listPromotions(ctx: Context): Promise<Promotion[]> {
  const promotions: Promotion[] = [];
  const pages = paginateQuery(
    { client: ctx.db },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": promotionIndexes("").gsi1pk },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) if (!item.deletedAt) promotions.push(toPromotion(item));
  }
  return promotions;
}

/**
 * Changes a promotion's label, amount, expiry and usage limit (the code is its key and stays).
 * Orders already placed keep the label and amount they were given. A limit below the times
 * already used is refused, by condition, so a concurrent redemption cannot slip under it.
 */
export async function updatePromotion(
  ctx: Context,
  code: string,
  input: Omit<Promotion, "code" | "usedCount" | "createdAt">,
): Promise<Promotion> {
  const names: Record<string, string> = { "#label": "label", "#amount": "amountCents" };
  const values: Record<string, unknown> = { ":label": input.label, ":amount": input.amountCents };
  const sets = ["#label = :label", "#amount = :amount"];
  const removes: string[] = [];
  let condition = "attribute_exists(pk) AND attribute_not_exists(deletedAt)";
  if (input.expiresAt) {
    names["#expires"] = "expiresAt";
    values[":expires"] = input.expiresAt;
    sets.push("#expires = :expires");
  } else removes.push("expiresAt");
  if (input.usageLimit !== undefined) {
    names["#limit"] = "usageLimit";
    values[":limit"] = input.usageLimit;
    sets.push("#limit = :limit");
    condition += " AND (attribute_not_exists(usedCount) OR usedCount <= :limit)";
  } else removes.push("usageLimit");
  try {
    const { Attributes } = await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: promotionKey(code),
        UpdateExpression: `SET ${sets.join(", ")}${removes.length ? ` REMOVE ${removes.join(", ")}` : ""}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: "ALL_NEW",
      }),
    );
    return toPromotion(Attributes ?? {});
  } catch (error) {
    if ((error as Error).name !== "ConditionalCheckFailedException") throw error;
    // Why: read consistently, so a promotion deleted a moment ago is not taken for a limit issue.
    const current = await rawPromotion(ctx, code);
    if (!current || current.deletedAt) throw new DomainError(PROMOTION_GONE, "code", 404);
    throw new DomainError(
      `${USAGE_LIMIT_BELOW_USE} (${Number(current.usedCount ?? 0)})`,
      "usageLimit",
      409,
    );
  }
}

/**
 * Deletes a promotion: it stops applying at once and leaves the list. The item stays as a
 * tombstone (no longer listed), so an order placed with it can still give its redemption back
 * (payment failed, order cancelled) and the code is never handed to a different promotion.
 */
export async function deletePromotion(ctx: Context, code: string, now = new Date()) {
  try {
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: promotionKey(code),
        UpdateExpression: "SET deletedAt = :now REMOVE gsi1pk, gsi1sk",
        ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deletedAt)",
        ExpressionAttributeValues: { ":now": now.toISOString() },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== "ConditionalCheckFailedException") throw error;
    throw new DomainError(PROMOTION_GONE, "code", 404);
  }
}

export async function getPromotion(ctx: Context, code: string): Promise<Promotion | null> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: promotionKey(code) }),
  );
  if (!Item || Item.deletedAt) return null;
  return toPromotion(Item);
}

function toPromotion(Item: Record<string, unknown>): Promotion {
  const {
    code: c,
    label,
    amountCents,
    usageLimit,
    usedCount,
    expiresAt,
    createdAt,
  } = Item as {
    code: string;
    label: string;
    amountCents: number;
    usageLimit?: number;
    usedCount?: number;
    expiresAt?: string;
    createdAt: string;
  };
  return {
    code: c,
    label,
    amountCents,
    usageLimit,
    usedCount: usedCount ?? 0,
    expiresAt,
    createdAt,
  };
}

export const PROMOTION_NOT_FOUND = "Promotion code not found";
export const PROMOTION_EXPIRED = "This promotion code has expired";
export const PROMOTION_USED_UP = "This promotion code has already been used";

/** What the checkout shows and subtracts once a code is applied. */
export interface AppliedPromotion {
  code: string;
  label: string;
  amountCents: number;
}

/**
 * A code as "Apply" found it. `limited`: it has a usage limit, so the order's transaction must
 * redeem it (redeemPromotionItem). An unlimited code is never written by an order: at a sale's
 * peak every order with it would write its one item, and cancel each other's transactions
 * (docs/decisions/040-capacity-model.md). Its uses are not counted.
 */
export interface CheckedPromotion extends AppliedPromotion {
  limited: boolean;
}

/**
 * "Apply": the code (trimmed; case as stored) must exist, not be expired and not be used up.
 * Checking never marks it used: the order's transaction redeems it (docs/product.md §4 "Promotion").
 * One GetItem. Errors are DomainErrors on the field "code".
 */
export async function checkPromotion(
  ctx: Context,
  code: string,
  now = new Date(),
): Promise<CheckedPromotion> {
  const trimmed = typeof code === "string" ? code.trim() : "";
  if (trimmed === "") throw new DomainError("Promotion code is required", "code");
  const promotion = trimmed.length <= 40 ? await getPromotion(ctx, trimmed) : null;
  if (!promotion) throw new DomainError(PROMOTION_NOT_FOUND, "code", 404);
  if (isPromotionExpired(promotion, now)) throw new DomainError(PROMOTION_EXPIRED, "code");
  if (isPromotionUsedUp(promotion)) throw new DomainError(PROMOTION_USED_UP, "code", 409);
  return {
    code: promotion.code,
    label: promotion.label,
    amountCents: promotion.amountCents,
    limited: promotion.usageLimit !== undefined,
  };
}

/** Whether the code now has a usage limit (a payment retried after a failure counts it again). */
export async function isPromotionLimited(ctx: Context, code: string): Promise<boolean> {
  return (await getPromotion(ctx, code))?.usageLimit !== undefined;
}

/**
 * The item that redeems a code inside the order's TransactWriteItems: the transaction is
 * cancelled (this item's condition fails) when the code is gone, used up or expired by now, so
 * two concurrent checkouts cannot both redeem a single-use code.
 */
export function redeemPromotionItem(
  ctx: Pick<Context, "tableName">,
  code: string,
  now = new Date(),
) {
  return {
    Update: {
      TableName: ctx.tableName,
      Key: promotionKey(code),
      UpdateExpression: "SET usedCount = if_not_exists(usedCount, :zero) + :one",
      ConditionExpression:
        "attribute_exists(pk) AND attribute_not_exists(deletedAt)" +
        " AND (attribute_not_exists(usageLimit) OR usedCount < usageLimit)" +
        " AND (attribute_not_exists(expiresAt) OR expiresAt >= :today)",
      ExpressionAttributeValues: {
        ":zero": 0,
        ":one": 1,
        ":today": now.toISOString().slice(0, 10),
      },
    },
  };
}

/** The item that gives a redemption back (payment failed, order cancelled). */
export function releasePromotionItem(ctx: Pick<Context, "tableName">, code: string) {
  return {
    Update: {
      TableName: ctx.tableName,
      Key: promotionKey(code),
      UpdateExpression: "SET usedCount = usedCount - :one",
      ConditionExpression: "attribute_exists(pk) AND usedCount > :zero",
      ExpressionAttributeValues: { ":zero": 0, ":one": 1 },
    },
  };
}

/** Why a redemption failed, read after the transaction was cancelled (one GetItem). */
export async function redemptionError(
  ctx: Context,
  code: string,
  now = new Date(),
): Promise<DomainError> {
  const promotion = await getPromotion(ctx, code);
  if (!promotion) return new DomainError(PROMOTION_NOT_FOUND, "code", 404);
  if (isPromotionExpired(promotion, now)) return new DomainError(PROMOTION_EXPIRED, "code");
  return new DomainError(PROMOTION_USED_UP, "code", 409);
}
