// The admin's changes to promotions (docs/product.md §9 "Promotions"): creating a code (its id is
// the code, by condition) or an automatic offer, changing a code, deleting either (a tombstone:
// an order placed with it can still give its redemption back, and the code is never handed to
// another promotion). Creating or deleting an automatic offer that the pages show
// (./shown-offers.ts) also bumps the catalogue version and puts the offer-pages item, in the same
// transaction (`offerPagesItems`, docs/decisions/048-offers-on-cached-pages.md). The items and
// their reads: ./promotions.server.ts.
import { randomUUID } from "node:crypto";
import { getProductsByIds } from "../catalog/product-lookups.server.ts";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { AUTOMATIC_OFFER_PREFIX, promotionIndexes, promotionKey } from "../db/keys.ts";
import { MAX_OFFER_PAGE_SLUGS, type OfferPages, offerPagesPut } from "../db/offer-pages.ts";
import { type TransactItem, TransactionCancelled, transact } from "../db/transact.server.ts";
import type { Offer, PromotionConditions, PromotionEffect } from "./offers.ts";
import {
  CONDITION_NAMES,
  getOffer,
  type Promotion,
  promotionOf,
  rawPromotion,
  toOffer,
} from "./promotions.server.ts";
import { isShownOnPages } from "./shown-offers.ts";

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
