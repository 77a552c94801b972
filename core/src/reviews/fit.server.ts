// The fit counters on the product item (./fit.ts FIT_ATTRIBUTES), moved by the order reactions'
// stream reader (docs/decisions/044-fit-feedback.md): review.added (+1 of its answer),
// review.deleted (−1), and a return received for "Too small" or "Too large" (+1 runs small or
// runs large for each product returned: ../returns/fit.server.ts). Each event counts once: its
// mark is put under attribute_not_exists in the transaction that moves the counters, so a batch
// replayed from the stream counts nothing again. The catalogue version moves with them (the page
// shows the share).
import type { Context } from "../context/index.server.ts";
import { bumpCatalogVersion } from "../db/catalog-version.ts";
import { fitMarkKey, productKey } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { FIT_ATTRIBUTES, type Fit, isFit } from "./fit.ts";
import { REVIEW_ADDED, REVIEW_DELETED } from "./fit-events.ts";

/** A mark outlives the stream's 24 hours of records and the events' week. */
const MARK_RETENTION_SECONDS = 8 * 24 * 3600;

/** One counter of one product, up or down. */
export type FitMove =
  | { productId: string; from: "reviews"; fit: Fit; delta: 1 | -1 }
  | { productId: string; from: "returns"; fit: "small" | "large"; delta: 1 | -1 };

/** What a review's event does to the counters: nothing without a fit answer. */
export function reviewFitMoves(event: DomainEvent): FitMove[] {
  const payload = event.payload as Record<string, unknown>;
  const productId = typeof payload.productId === "string" ? payload.productId : "";
  if (event.type !== REVIEW_ADDED && event.type !== REVIEW_DELETED) return [];
  if (!productId || !isFit(payload.fit)) return [];
  return [
    { productId, from: "reviews", fit: payload.fit, delta: event.type === REVIEW_ADDED ? 1 : -1 },
  ];
}

/** The reaction to review.added and review.deleted. */
export async function countReviewFit(ctx: Context, event: DomainEvent): Promise<void> {
  await countFitMoves(ctx, event, reviewFitMoves(event));
}

const attributeOf = (move: FitMove): string =>
  move.from === "reviews" ? FIT_ATTRIBUTES.reviews[move.fit] : FIT_ATTRIBUTES.returns[move.fit];

/**
 * An event's moves and its mark in one transaction. A mark already there (counted before) ends
 * it; a product deleted meanwhile is left out and the rest written again.
 */
export async function countFitMoves(
  ctx: Context,
  event: DomainEvent,
  fitMoves: readonly FitMove[],
  now = new Date(),
): Promise<void> {
  let moves = [...fitMoves];
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
            ExpressionAttributeNames: { "#a": attributeOf(move) },
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
