// The fit counters on the product item (./fit.ts FIT_ATTRIBUTES), moved by the order reactions'
// stream reader (docs/decisions/043-fit-feedback.md): review.added (+1 of its answer),
// review.deleted (−1), return.received of a "Too small" or "Too large" return (+1 runs small or
// runs large for each product returned). Each event counts once: its mark is put under
// attribute_not_exists in the transaction that moves the counters, so a batch replayed from the
// stream counts nothing again. The catalogue version moves with them (the page shows the share).
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { fitMarkKey, productKey } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { RETURN_RECEIVED } from "../returns/events.ts";
import { FIT_ATTRIBUTES, isFit } from "./fit.ts";
import { REVIEW_ADDED, REVIEW_DELETED } from "./fit-events.ts";

/** The event types countFit reads. */
export const FIT_EVENT_TYPES: readonly string[] = [REVIEW_ADDED, REVIEW_DELETED, RETURN_RECEIVED];

/** A mark outlives the stream's 24 hours of records and the events' week. */
const MARK_RETENTION_SECONDS = 8 * 24 * 3600;

interface Move {
  productId: string;
  attribute: string;
  delta: 1 | -1;
}

/** What an event does to the counters: nothing for an event without a fit answer. */
export function fitMovesOf(event: DomainEvent): Move[] {
  const payload = event.payload as Record<string, unknown>;
  const productId = typeof payload.productId === "string" ? payload.productId : "";
  if (event.type === REVIEW_ADDED || event.type === REVIEW_DELETED) {
    if (!productId || !isFit(payload.fit)) return [];
    return [
      {
        productId,
        attribute: FIT_ATTRIBUTES.reviews[payload.fit],
        delta: event.type === REVIEW_ADDED ? 1 : -1,
      },
    ];
  }
  if (event.type === RETURN_RECEIVED) {
    const fit = payload.fit;
    const products = Array.isArray(payload.fitProducts) ? payload.fitProducts : [];
    if (fit !== "small" && fit !== "large") return [];
    const ids = [
      ...new Set(products.filter((id): id is string => typeof id === "string" && id !== "")),
    ];
    return ids.map((id) => ({ productId: id, attribute: FIT_ATTRIBUTES.returns[fit], delta: 1 }));
  }
  return [];
}

/**
 * The reaction: the event's moves and its mark in one transaction. A mark already there (counted
 * before) ends it; a product deleted meanwhile is left out and the rest written again.
 */
export async function countFit(ctx: Context, event: DomainEvent, now = new Date()): Promise<void> {
  let moves = fitMovesOf(event);
  while (moves.length > 0) {
    try {
      await transact(ctx, [
        {
          Put: {
            TableName: ctx.tableName,
            Item: {
              ...fitMarkKey(event.id),
              entity: "fitMark",
              type: event.type,
              countedAt: now.toISOString(),
              [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + MARK_RETENTION_SECONDS,
            },
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
        ...moves.map((move) => ({
          Update: {
            TableName: ctx.tableName,
            Key: productKey(move.productId),
            UpdateExpression: "ADD #a :d",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeNames: { "#a": move.attribute },
            ExpressionAttributeValues: { ":d": move.delta },
          },
        })),
        bumpCatalogVersion(ctx, now.getTime()),
      ]);
      return;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (error.failedAt(0)) return; // counted already
      const gone = moves.filter((_, i) => error.failedAt(i + 1));
      if (gone.length === 0) throw error;
      moves = moves.filter((move) => !gone.includes(move));
    }
  }
}
