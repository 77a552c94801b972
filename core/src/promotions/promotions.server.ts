// Promotion codes. Keys: pk PROMO#<code> sk PROMO (the code is unique by condition; its case is
// kept as stored), listed on gsi1 PROMOS / <code>. Redemption (a conditional counter in the
// order's transaction) comes with the checkout issue.
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
