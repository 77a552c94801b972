// Promotion codes. Keys: pk PROMO#<code> sk PROMO (the code is unique by condition; its case is
// kept as stored), listed on gsi1 PROMOS / <code>. "Apply" only checks a code (DESIGN decision
// 5); placing the order redeems it with a conditional counter in the order's own transaction
// (usedCount < usageLimit, not expired), and a failed or cancelled payment releases it.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { promotionIndexes, promotionKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import { DomainError } from "../shared/errors.ts";

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
      throw new DomainError(PROMOTION_CODE_TAKEN, "code", 409);
    }
    throw error;
  }
  return promotion;
}

export async function getPromotion(ctx: Context, code: string): Promise<Promotion | null> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: promotionKey(code) }),
  );
  if (!Item) return null;
  const { code: c, label, amountCents, usageLimit, usedCount, expiresAt, createdAt } = Item;
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

/** "2026-12-31" works through that day (UTC); a full ISO time works until that instant. */
export function isPromotionExpired(promotion: Pick<Promotion, "expiresAt">, now: Date): boolean {
  const { expiresAt } = promotion;
  if (!expiresAt) return false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(expiresAt)) return now.toISOString().slice(0, 10) > expiresAt;
  return now.toISOString() > expiresAt;
}

export function isPromotionUsedUp(promotion: Pick<Promotion, "usageLimit" | "usedCount">): boolean {
  return promotion.usageLimit !== undefined && promotion.usedCount >= promotion.usageLimit;
}

/**
 * "Apply": the code (trimmed; case as stored) must exist, not be expired and not be used up.
 * Checking never marks it used: the order's transaction redeems it (DESIGN decision 5).
 * One GetItem. Errors are DomainErrors on the field "code".
 */
export async function checkPromotion(
  ctx: Context,
  code: string,
  now = new Date(),
): Promise<AppliedPromotion> {
  const trimmed = typeof code === "string" ? code.trim() : "";
  if (trimmed === "") throw new DomainError("Promotion code is required", "code");
  const promotion = trimmed.length <= 40 ? await getPromotion(ctx, trimmed) : null;
  if (!promotion) throw new DomainError(PROMOTION_NOT_FOUND, "code", 404);
  if (isPromotionExpired(promotion, now)) throw new DomainError(PROMOTION_EXPIRED, "code");
  if (isPromotionUsedUp(promotion)) throw new DomainError(PROMOTION_USED_UP, "code", 409);
  return { code: promotion.code, label: promotion.label, amountCents: promotion.amountCents };
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
        "attribute_exists(pk) AND (attribute_not_exists(usageLimit) OR usedCount < usageLimit)" +
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
