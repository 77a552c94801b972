// Promotions: codes and automatic offers (docs/product.md §9 "Promotions: kinds, conditions and
// how they combine"). Keys: pk PROMO#<id> sk PROMO, where a code's id is the code (unique by
// condition; its case is kept as stored) and an automatic offer's is auto:<uuid>; all listed on
// gsi1 PROMOS / <id>. An item holds its effect (kind, amount or percentage, target) and its
// conditions; an item stored before the kinds (amountCents, expiresAt) reads as an amount off the
// order that ends on that day. "Apply" only checks a code (docs/product.md §4 "Promotion");
// placing the order redeems, in the order's own transaction, each promotion with a usage limit
// (a conditional counter: usedCount < usageLimit, not ended) and writes a customer's claim for a
// once-per-customer or first-order promotion (by condition); a failed or cancelled payment gives
// them back (./redemptions.server.ts). Creating or deleting an automatic offer that the pages
// show (./shown-offers.ts) also bumps the catalogue version and puts the offer-pages item, in the
// same transaction (`offerPagesItems`, docs/decisions/048-offers-on-cached-pages.md).
import { randomUUID } from "node:crypto";
import { GetCommand, paginateQuery, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { getProductsByIds } from "../catalog/product-lookups.server.ts";
import { dayIn } from "../common/date-window.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import {
  AUTOMATIC_OFFER_PREFIX,
  FIRST_ORDER_CLAIM,
  PROMOTION_USE_PREFIX,
  promotionIndexes,
  promotionKey,
  userOrdersIndex,
} from "../db/keys.ts";
import { MAX_OFFER_PAGE_SLUGS, type OfferPages, offerPagesPut } from "../db/offer-pages.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import type { Offer, PromotionConditions, PromotionEffect } from "./offers.ts";
import { isPromotionExpired, isPromotionUsedUp } from "./rules.ts";
import { isShownOnPages } from "./shown-offers.ts";

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

export const PROMOTION_CODE_TAKEN = "A promotion with this code already exists";
export const PROMOTION_CODE_RETIRED =
  "This code belonged to a deleted promotion and cannot be used again";
export const PROMOTION_GONE = "This promotion no longer exists";
export const USAGE_LIMIT_BELOW_USE = "The usage limit cannot be lower than the times already used";

/** What the admin creates: a code (with `code`) or an automatic offer (without). */
export interface NewOffer {
  code?: string;
  label: string;
  effect: PromotionEffect;
  conditions: PromotionConditions;
}

/** The conditions' attributes, stored beside the effect (none = not set). */
const CONDITION_NAMES = [
  "minSubtotalCents",
  "startsAt",
  "endsAt",
  "usageLimit",
  "oncePerCustomer",
  "firstOrderOnly",
] as const satisfies readonly (keyof PromotionConditions)[];

/**
 * The products whose pages show the offer (docs/product.md §9 "On the pages"), for the edge:
 * none for an offer no page shows; the chosen products, by slug, when it targets chosen products
 * only (`known`, when the caller has read them, else one BatchGetItem); else every product.
 */
async function pagesShowing(
  ctx: Context,
  offer: Offer,
  known?: readonly { id: string; slug: string }[],
): Promise<OfferPages | null> {
  if (!isShownOnPages(offer)) return null;
  const effect = offer.effect;
  if (effect.kind !== "percent-off-items" && effect.kind !== "amount-off-items") return null;
  const ids = effect.target.productIds ?? [];
  if (ids.length === 0 || ids.length > MAX_OFFER_PAGE_SLUGS) return "all";
  const products = known ?? (await getProductsByIds(ctx, ids));
  return products.filter((product) => ids.includes(product.id)).map((product) => product.slug);
}

/**
 * What a change of an automatic offer that pages show adds to its transaction: the catalogue
 * version's bump (the read model keeps the offers: ../catalog/read-model.server.ts) and the
 * offer-pages item (the edge purges those pages: ../db/offer-pages.ts). An editing of an offer
 * writes these too, with the pages of the offer before and after.
 */
export function offerPagesItems(ctx: Context, pages: OfferPages, now = new Date()): TransactItem[] {
  return [bumpCatalogVersion(ctx), offerPagesPut(ctx, pages, now)];
}

/** Creates a code (its id is the code, by condition) or an automatic offer (a new id). */
export async function createOffer(
  ctx: Context,
  input: NewOffer,
  now = new Date(),
  targets?: readonly { id: string; slug: string }[],
): Promise<Offer> {
  const id = input.code ?? `${AUTOMATIC_OFFER_PREFIX}${randomUUID()}`;
  const offer: Offer = {
    id,
    label: input.label,
    ...(input.code ? { code: input.code } : {}),
    effect: input.effect,
    conditions: definedConditions(input.conditions),
    usedCount: 0,
    createdAt: now.toISOString(),
  };
  const pages = await pagesShowing(ctx, offer, targets);
  try {
    await transact(ctx, [
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...promotionKey(id),
            entity: "promotion",
            ...promotionIndexes(id),
            id,
            ...(offer.code ? { code: offer.code } : {}),
            label: offer.label,
            effect: offer.effect,
            ...offer.conditions,
            usedCount: 0,
            createdAt: offer.createdAt,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      ...(pages ? offerPagesItems(ctx, pages, now) : []),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) {
      const deleted = (await rawPromotion(ctx, id))?.deletedAt;
      throw new DomainError(deleted ? PROMOTION_CODE_RETIRED : PROMOTION_CODE_TAKEN, "code", 409);
    }
    throw error;
  }
  return offer;
}

export const UNKNOWN_TARGET = "No product has the id";

/**
 * The admin's "New promotion" of any kind (OfferFormSchema's output): every product it targets
 * must exist (one BatchGetItem), else a DomainError on "productIds" naming the first unknown one;
 * then createOffer.
 */
export async function createCheckedOffer(
  ctx: Context,
  input: NewOffer,
  now = new Date(),
): Promise<Offer> {
  const effect = input.effect;
  const ids =
    effect.kind === "amount-off-items" || effect.kind === "percent-off-items"
      ? (effect.target.productIds ?? [])
      : [];
  if (ids.length === 0) return createOffer(ctx, input, now);
  const products = await getProductsByIds(ctx, ids);
  const found = new Set(products.map((product) => product.id));
  const unknown = ids.find((id) => !found.has(id));
  if (unknown) throw new DomainError(`${UNKNOWN_TARGET} ${unknown}`, "productIds");
  return createOffer(ctx, input, now, products);
}

/** A fixed amount off the order with a code (the form before the kinds). */
export async function createPromotion(
  ctx: Context,
  input: Omit<Promotion, "usedCount" | "createdAt">,
  now = new Date(),
): Promise<Promotion> {
  const offer = await createOffer(
    ctx,
    {
      code: input.code,
      label: input.label,
      effect: { kind: "amount-off-order", amountCents: input.amountCents },
      conditions: { endsAt: input.expiresAt, usageLimit: input.usageLimit },
    },
    now,
  );
  return promotionOf(offer);
}

function definedConditions(conditions: PromotionConditions): PromotionConditions {
  const out: Record<string, unknown> = {};
  for (const name of CONDITION_NAMES) {
    const value = conditions[name];
    if (value !== undefined && value !== false) out[name] = value;
  }
  return out as PromotionConditions;
}

async function rawPromotion(ctx: Context, id: string) {
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

/**
 * Changes a code's label, amount, expiry and usage limit (the code is its key and stays); it
 * becomes an amount off the order. Orders already placed keep what they were given. A limit
 * below the times already used is refused, by condition, so a concurrent redemption cannot slip
 * under it.
 */
export async function updatePromotion(
  ctx: Context,
  code: string,
  input: Omit<Promotion, "code" | "usedCount" | "createdAt">,
): Promise<Promotion> {
  const names: Record<string, string> = { "#label": "label", "#effect": "effect" };
  const values: Record<string, unknown> = {
    ":label": input.label,
    ":effect": { kind: "amount-off-order", amountCents: input.amountCents },
  };
  const sets = ["#label = :label", "#effect = :effect"];
  // An item from before the kinds gives up its old attributes.
  const removes: string[] = ["amountCents", "expiresAt"];
  let condition = "attribute_exists(pk) AND attribute_not_exists(deletedAt)";
  if (input.expiresAt) {
    names["#ends"] = "endsAt";
    values[":ends"] = input.expiresAt;
    sets.push("#ends = :ends");
  } else removes.push("endsAt");
  if (input.usageLimit !== undefined) {
    names["#limit"] = "usageLimit";
    values[":limit"] = input.usageLimit;
    sets.push("#limit = :limit");
    condition += " AND (attribute_not_exists(usedCount) OR usedCount <= :limit)";
  } else removes.push("usageLimit");
  const written = await conditionalUpdate(ctx, {
    TableName: ctx.tableName,
    Key: promotionKey(code),
    UpdateExpression: `SET ${sets.join(", ")} REMOVE ${removes.join(", ")}`,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: "ALL_NEW",
  });
  if (written.ok) return promotionOf(toOffer(written.item ?? {}));
  // Why: read consistently, so a promotion deleted a moment ago is not taken for a limit issue.
  const current = await rawPromotion(ctx, code);
  if (!current || current.deletedAt) throw new DomainError(PROMOTION_GONE, "code", 404);
  throw new DomainError(
    `${USAGE_LIMIT_BELOW_USE} (${Number(current.usedCount ?? 0)})`,
    "usageLimit",
    409,
  );
}

/**
 * Deletes a promotion: it stops applying at once and leaves the list. The item stays as a
 * tombstone (no longer listed), so an order placed with it can still give its redemption back
 * (payment failed, order cancelled) and the code is never handed to a different promotion.
 */
export async function deletePromotion(ctx: Context, id: string, now = new Date()) {
  const remove = {
    TableName: ctx.tableName,
    Key: promotionKey(id),
    UpdateExpression: "SET deletedAt = :now REMOVE gsi1pk, gsi1sk",
    ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deletedAt)",
    ExpressionAttributeValues: { ":now": now.toISOString() },
  };
  // An offer that pages show: its pages are purged and the catalogue's read model reloads it.
  const offer = id.startsWith(AUTOMATIC_OFFER_PREFIX) ? await getOffer(ctx, id, true) : null;
  const pages = offer ? await pagesShowing(ctx, offer) : null;
  if (!pages) {
    const deleted = await conditionalUpdate(ctx, remove);
    if (!deleted.ok) throw new DomainError(PROMOTION_GONE, "code", 404);
    return;
  }
  try {
    await transact(ctx, [{ Update: remove }, ...offerPagesItems(ctx, pages, now)]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) {
      throw new DomainError(PROMOTION_GONE, "code", 404);
    }
    throw error;
  }
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
function promotionOf(offer: Offer): Promotion {
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

/** The live code as typed (trimmed, case as stored); a DomainError on "code" when none. */
export async function findCode(ctx: Context, code: unknown): Promise<Offer> {
  const trimmed = typeof code === "string" ? code.trim() : "";
  if (trimmed === "") throw new DomainError("Promotion code is required", "code");
  const offer = trimmed.length <= 40 ? await getOffer(ctx, trimmed) : null;
  if (!offer?.code) throw new DomainError(PROMOTION_NOT_FOUND, "code", 404);
  return offer;
}

/**
 * "Apply" for a code: it must exist, not be expired and not be used up. Checking never marks it
 * used: the order's transaction redeems it (docs/product.md §4 "Promotion"). One GetItem.
 * Errors are DomainErrors on the field "code".
 */
export async function checkPromotion(
  ctx: Context,
  code: string,
  now = new Date(),
): Promise<CheckedPromotion> {
  const promotion = promotionOf(await findCode(ctx, code));
  if (isPromotionExpired(promotion, now)) throw new DomainError(PROMOTION_EXPIRED, "code");
  if (isPromotionUsedUp(promotion)) throw new DomainError(PROMOTION_USED_UP, "code", 409);
  return {
    code: promotion.code,
    label: promotion.label,
    amountCents: promotion.amountCents,
    limited: promotion.usageLimit !== undefined,
  };
}

/** Whether the promotion now has a usage limit (a payment retried after a failure counts it again). */
export async function isPromotionLimited(ctx: Context, id: string): Promise<boolean> {
  return (await getOffer(ctx, id))?.conditions.usageLimit !== undefined;
}

/**
 * The item that redeems a promotion inside the order's TransactWriteItems: the transaction is
 * cancelled (this item's condition fails) when the promotion is gone, used up or past its last
 * day (in the shop's time zone), so two concurrent checkouts cannot both redeem a single-use code.
 */
export function redeemPromotionItem(
  ctx: Pick<Context, "tableName">,
  id: string,
  now = new Date(),
  timeZone = "UTC",
) {
  return {
    Update: {
      TableName: ctx.tableName,
      Key: promotionKey(id),
      UpdateExpression: "SET usedCount = if_not_exists(usedCount, :zero) + :one",
      ConditionExpression:
        "attribute_exists(pk) AND attribute_not_exists(deletedAt)" +
        " AND (attribute_not_exists(usageLimit) OR usedCount < usageLimit)" +
        " AND (attribute_not_exists(expiresAt) OR expiresAt >= :today)" +
        " AND (attribute_not_exists(endsAt) OR endsAt >= :today)",
      ExpressionAttributeValues: { ":zero": 0, ":one": 1, ":today": dayIn(now, timeZone) },
    },
  };
}

/** The item that gives a redemption back (payment failed, order cancelled). */
export function releasePromotionItem(ctx: Pick<Context, "tableName">, id: string) {
  return {
    Update: {
      TableName: ctx.tableName,
      Key: promotionKey(id),
      UpdateExpression: "SET usedCount = usedCount - :one",
      ConditionExpression: "attribute_exists(pk) AND usedCount > :zero",
      ExpressionAttributeValues: { ":zero": 0, ":one": 1 },
    },
  };
}

/** An automatic offer ran out (or ended) between the quote and the order. */
export const OFFER_CHANGED =
  "An offer in your cart has just ended: check the new total and confirm again";

/** Why a redemption failed, read after the transaction was cancelled (one GetItem). */
export async function redemptionError(
  ctx: Context,
  id: string,
  now = new Date(),
): Promise<DomainError> {
  const offer = await getOffer(ctx, id, true);
  if (!offer) return new DomainError(PROMOTION_NOT_FOUND, "code", 404);
  if (!offer.code) return new DomainError(OFFER_CHANGED, "code", 409);
  if (isPromotionExpired({ expiresAt: offer.conditions.endsAt }, now)) {
    return new DomainError(PROMOTION_EXPIRED, "code");
  }
  return new DomainError(PROMOTION_USED_UP, "code", 409);
}

/** What a customer's history says to the promotions' customer conditions. */
export interface CustomerHistory {
  /** Their orders placed before, a failed or cancelled one not counted. */
  ordersBefore: number;
  /** The once-per-customer promotions they have used. */
  usedPromotionIds: Set<string>;
}

/**
 * A customer's history for the conditions "once per customer" and "first order": their claims
 * (one Query of their partition) and how many of their orders count (one Query of gsi1, Select
 * COUNT), in parallel. Read only when a promotion in play has such a condition.
 */
export async function customerHistory(ctx: Context, userId: string): Promise<CustomerHistory> {
  const [claims, orders] = await Promise.all([
    ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :use)",
        ExpressionAttributeValues: { ":pk": `USER#${userId}`, ":use": PROMOTION_USE_PREFIX },
        ProjectionExpression: "sk",
        ConsistentRead: true,
      }),
    ),
    countLiveOrders(ctx, userId),
  ]);
  const used = new Set(
    (claims.Items ?? []).map((item) => String(item.sk).slice(PROMOTION_USE_PREFIX.length)),
  );
  const firstClaimed = used.delete(FIRST_ORDER_CLAIM);
  return { ordersBefore: Math.max(orders, firstClaimed ? 1 : 0), usedPromotionIds: used };
}

async function countLiveOrders(ctx: Context, userId: string): Promise<number> {
  let count = 0;
  const pages = paginateQuery(
    { client: ctx.db },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      FilterExpression: "payment <> :failed AND #state <> :canceled",
      ExpressionAttributeNames: { "#state": "state" },
      ExpressionAttributeValues: {
        ":pk": userOrdersIndex(userId).gsi1pk,
        ":failed": "failed",
        ":canceled": "CANCELED",
      },
      Select: "COUNT",
    },
  );
  for await (const page of pages) count += page.Count ?? 0;
  return count;
}
