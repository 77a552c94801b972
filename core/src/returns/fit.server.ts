// What a received return tells the fit counters (docs/product.md §9 "Fit feedback"): a return for
// "Too small" or "Too large" counts runs small or runs large once for each product sent back,
// naming no one (../reviews/fit.server.ts counts it, once per event).
import type { Context } from "../context/index.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { countFitMoves, type FitMove } from "../reviews/fit.server.ts";
import { RETURN_RECEIVED } from "./events.ts";

/** The payload's fit answer and products (./receive.server.ts writes them with return.received). */
export function returnFitMoves(event: DomainEvent): FitMove[] {
  if (event.type !== RETURN_RECEIVED) return [];
  const payload = event.payload as Record<string, unknown>;
  const fit = payload.fit;
  if (fit !== "small" && fit !== "large") return [];
  const products = Array.isArray(payload.fitProducts) ? payload.fitProducts : [];
  const ids = new Set(products.filter((id): id is string => typeof id === "string" && id !== ""));
  return [...ids].map((productId) => ({ productId, from: "returns", fit, delta: 1 }));
}

/** The reaction to return.received. */
export async function countReturnFit(ctx: Context, event: DomainEvent): Promise<void> {
  await countFitMoves(ctx, event, returnFitMoves(event));
}
