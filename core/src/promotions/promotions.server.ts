// Promotions in the table: codes and automatic offers (docs/product.md §9 "Promotions: kinds,
// conditions and how they combine"), and their reads. Keys: pk PROMO#<id> sk PROMO, where a
// code's id is the code (unique by condition; its case is kept as stored) and an automatic
// offer's is auto:<uuid>; all listed on gsi1 PROMOS / <id>. An item holds its effect (kind, amount
// or percentage, target) and its conditions; an item stored before the kinds (amountCents,
// expiresAt) reads as an amount off the order that ends on that day. A deleted promotion stays as
// a tombstone (deletedAt), never listed nor read. The admin's changes are
// ./promotion-admin.server.ts; "Apply" for a code is ./codes.server.ts; what an order's
// transaction redeems is ./redemptions.server.ts; a customer's history for the customer
// conditions is ./customer-history.server.ts.
import { GetCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { AUTOMATIC_OFFER_PREFIX, promotionIndexes, promotionKey } from "../db/keys.ts";
import type { Offer, PromotionConditions, PromotionEffect } from "./offers.ts";

export { isPromotionExpired, isPromotionUsedUp } from "./rules.ts";

/** A code that takes a fixed amount off the order: the admin's form before the kinds. */
export interface Promotion {
  code: string;
  label: string;
  amountCents: number;
  /** How many orders may redeem it; undefined = unlimited. */
  usageLimit?: number;
  usedCount: number;
  /** Last day (or ISO instant) it applies. */
  expiresAt?: string;
  createdAt: string;
}

/** The conditions' attributes, stored beside the effect (none = not set). */
export const CONDITION_NAMES = [
  "minSubtotalCents",
  "startsAt",
  "endsAt",
  "usageLimit",
  "oncePerCustomer",
  "firstOrderOnly",
] as const satisfies readonly (keyof PromotionConditions)[];

/** The item as stored, tombstone or not (a consistent GetItem); undefined when none. */
export async function rawPromotion(ctx: Context, id: string) {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: promotionKey(id), ConsistentRead: true }),
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

/** Every live promotion, codes and automatic offers, by id (gsi1 PROMOS, all pages). */
export async function listOffers(ctx: Context): Promise<Offer[]> {
  return queryOffers(ctx, "gsi1pk = :pk", { ":pk": promotionIndexes("").gsi1pk });
}

/**
 * The live automatic offers, in one query (gsi1 PROMOS, begins_with "auto:"): the cart and the
 * checkout read them beside the products, in parallel, so they add no round trip in sequence.
 */
export async function automaticOffers(ctx: Context): Promise<Offer[]> {
  return queryOffers(ctx, "gsi1pk = :pk AND begins_with(gsi1sk, :auto)", {
    ":pk": promotionIndexes("").gsi1pk,
    ":auto": AUTOMATIC_OFFER_PREFIX,
  });
}

async function queryOffers(
  ctx: Context,
  condition: string,
  values: Record<string, unknown>,
): Promise<Offer[]> {
  const offers: Offer[] = [];
  const pages = paginateQuery(
    { client: ctx.db },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: condition,
      ExpressionAttributeValues: values,
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) if (!item.deletedAt) offers.push(toOffer(item));
  }
  return offers;
}

/** Every live code as the fixed-amount form shows it (gsi1 PROMOS; a shop has tens). */
export async function listPromotions(ctx: Context): Promise<Promotion[]> {
  return (await listOffers(ctx)).filter((offer) => offer.code).map(promotionOf);
}

/** One live promotion (a code or an automatic offer) by its id; null when none or deleted. */
export async function getOffer(
  ctx: Context,
  id: string,
  consistent = false,
): Promise<Offer | null> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: promotionKey(id), ConsistentRead: consistent }),
  );
  if (!Item || Item.deletedAt) return null;
  return toOffer(Item);
}

export async function getPromotion(ctx: Context, code: string): Promise<Promotion | null> {
  const offer = await getOffer(ctx, code);
  return offer?.code ? promotionOf(offer) : null;
}

/** A stored item as an offer; an item from before the kinds is an amount off the order. */
export function toOffer(item: Record<string, unknown>): Offer {
  const i = item as unknown as {
    id?: string;
    code?: string;
    label: string;
    effect?: PromotionEffect;
    amountCents?: number;
    expiresAt?: string;
    usedCount?: number;
    createdAt: string;
  } & PromotionConditions;
  const conditions: Record<string, unknown> = {};
  for (const name of CONDITION_NAMES) if (i[name] !== undefined) conditions[name] = i[name];
  if (conditions.endsAt === undefined && i.expiresAt) conditions.endsAt = i.expiresAt;
  return {
    id: i.id ?? (i.code as string),
    label: i.label,
    ...(i.code ? { code: i.code } : {}),
    effect: i.effect ?? { kind: "amount-off-order", amountCents: Number(i.amountCents ?? 0) },
    conditions: conditions as PromotionConditions,
    usedCount: Number(i.usedCount ?? 0),
    createdAt: i.createdAt,
  };
}

/** A code as the fixed-amount form shows it (another kind shows an amount of 0). */
export function promotionOf(offer: Offer): Promotion {
  return {
    code: offer.code ?? offer.id,
    label: offer.label,
    amountCents: offer.effect.kind === "amount-off-order" ? offer.effect.amountCents : 0,
    usageLimit: offer.conditions.usageLimit,
    usedCount: offer.usedCount,
    expiresAt: offer.conditions.endsAt,
    createdAt: offer.createdAt,
  };
}
