// The admin's review of a requested return (approve, reject with a message) and the customer's
// cancellation before it is received; an exchange's reserved units go back.
import * as v from "valibot";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { eventPut } from "../events/events.server.ts";
import { RETURN_APPROVED } from "./events.ts";
import { releaseExchange } from "./exchange.server.ts";
import { moveItem, payloadOf, refuseMove, runMove } from "./moves.server.ts";
import { getReturnForUser, mustGet, RETURN_NOT_FOUND, type Return } from "./reading.server.ts";
import { RejectReturnSchema } from "./schemas.ts";

/** The admin approves a requested return. */
export async function approveReturn(ctx: Context, rma: string, now = new Date()): Promise<Return> {
  const r = await mustGet(ctx, rma);
  refuseMove(r, "approved");
  const at = now.toISOString();
  return runMove(ctx, r, "approved", [
    moveItem(ctx, r, "approved", { approvedAt: at, updatedAt: at }),
    eventPut(ctx, RETURN_APPROVED, payloadOf(r), now),
  ]);
}

/** The admin rejects a requested return with a message; an exchange's units go back. */
export async function rejectReturn(
  ctx: Context,
  rma: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<Return> {
  const parsed = v.safeParse(RejectReturnSchema, form);
  if (!parsed.success) throw new DomainError(parsed.issues[0].message, "message");
  const r = await mustGet(ctx, rma);
  refuseMove(r, "rejected");
  const at = now.toISOString();
  return runMove(ctx, r, "rejected", [
    moveItem(ctx, r, "rejected", {
      rejectedAt: at,
      rejectMessage: parsed.output.message,
      updatedAt: at,
      exchangeReserved: false,
    }),
    ...(await releaseExchange(ctx, r, now)),
  ]);
}

/** The customer cancels their own return before it is received; an exchange's units go back. */
export async function cancelReturn(
  ctx: Context,
  userId: string,
  rma: string,
  now = new Date(),
): Promise<Return> {
  const r = await getReturnForUser(ctx, userId, rma);
  if (!r) throw new DomainError(RETURN_NOT_FOUND, "return", 404);
  refuseMove(r, "cancelled");
  const at = now.toISOString();
  return runMove(ctx, r, "cancelled", [
    moveItem(ctx, r, "cancelled", { cancelledAt: at, updatedAt: at, exchangeReserved: false }),
    ...(await releaseExchange(ctx, r, now)),
  ]);
}
