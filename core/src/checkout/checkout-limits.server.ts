// Abuse limits of the checkout (docs/decisions/007-threat-model.md "Checkout abuse"): price
// quotes, promotion codes that turn out invalid (code guessing) and orders placed (card
// testing), each counted per account AND per client address, so neither a new account nor a new
// address starts a fresh count. Every use is counted before the work, by `consume`'s
// conditional update, so parallel requests cannot pass the limit; a code that was valid gives
// its count back, so only wrong codes stay counted. Over a limit: 429 with "Try again in…".

import { addressLimitKey } from "../accounts/client-address.ts";
import type { AbuseLimits } from "../accounts/limits.ts";
import { tryAgainIn } from "../accounts/limits.ts";
import { consume, type Limit, release } from "../accounts/rate-limit.server.ts";
import { DomainError, isBusy, isDomainError } from "../common/errors.ts";
import { shopNow } from "../context/clock.server.ts";
import type { Context } from "../context/index.server.ts";
import { logLine } from "../context/telemetry.ts";
import { type PlacedOrder, type PlaceOrderInput, placeOrder } from "./placing.server.ts";
import { type QuotedCart, quoteCheckout } from "./priced-cart.server.ts";

/** Who is checking out: the session's account and the client address the web layer saw. */
export interface Shopper {
  userId: string;
  clientAddress: string;
}

export const TOO_MANY_QUOTES = "Too many price checks";
export const TOO_MANY_CODES = "Too many promotion codes tried";
export const TOO_MANY_ORDERS = "Too many orders placed";

const subjects = (who: Shopper) => [
  `user|${who.userId}`,
  `address|${addressLimitKey(who.clientAddress)}`,
];

/** Counts one use on both subjects; refused (nothing left counted) once either is at `limit`. */
async function take(
  ctx: Context,
  scope: string,
  who: Shopper,
  limit: Limit,
  refusal: { message: string; field: string },
  now: Date,
): Promise<() => Promise<void>> {
  const taken: string[] = [];
  const giveBack = async () => {
    await Promise.all(taken.map((subject) => release(ctx, scope, subject, limit, now)));
  };
  for (const subject of subjects(who)) {
    let use: Awaited<ReturnType<typeof consume>>;
    try {
      use = await consume(ctx, scope, subject, limit, now);
    } catch (error) {
      // The table too busy to count the second subject: the first is not kept counted either.
      if (isBusy(error)) await giveBack().catch(() => {});
      throw error;
    }
    if (!use.allowed) {
      await giveBack();
      throw new DomainError(
        `${refusal.message}. ${tryAgainIn(use.retryAfterSeconds)}`,
        refusal.field,
        429,
      );
    }
    taken.push(subject);
  }
  return giveBack;
}

/** A code was tried: counted until it proves valid. */
async function tryCode<T>(
  ctx: Context,
  who: Shopper,
  limits: AbuseLimits,
  code: unknown,
  now: Date,
  run: () => Promise<T>,
  valid: (result: T) => boolean,
): Promise<T> {
  if (typeof code !== "string" || code.trim() === "") return run();
  const giveBack = await take(
    ctx,
    "promotion-failure",
    who,
    limits.promotionFailures,
    { message: TOO_MANY_CODES, field: "code" },
    now,
  );
  let result: T;
  try {
    result = await run();
  } catch (error) {
    // Only a refused code stays counted.
    if (!(isDomainError(error) && error.field === "code")) await giveBack();
    throw error;
  }
  if (valid(result)) await giveBack();
  return result;
}

/** quoteCheckout, within the shopper's quote and promotion-code limits. */
export async function quoteForShopper(
  ctx: Context,
  who: Shopper,
  limits: AbuseLimits,
  input: { lines: unknown; deliveryMethod: unknown; code?: string },
  now = shopNow(ctx),
): Promise<QuotedCart> {
  await take(
    ctx,
    "checkout-quote",
    who,
    limits.checkoutQuotes,
    { message: TOO_MANY_QUOTES, field: "cart" },
    now,
  );
  return tryCode(
    ctx,
    who,
    limits,
    input.code,
    now,
    () =>
      quoteCheckout(ctx, input.lines, input.deliveryMethod, input.code ?? "", now, {
        userId: who.userId,
      }),
    (quoted) => quoted.codeError === undefined,
  );
}

/** placeOrder, within the shopper's order and promotion-code limits. */
export async function placeForShopper(
  ctx: Context,
  who: Shopper,
  limits: AbuseLimits,
  input: PlaceOrderInput,
  now = shopNow(ctx),
): Promise<PlacedOrder> {
  const giveBack = await take(
    ctx,
    "checkout-order",
    who,
    limits.orders,
    { message: TOO_MANY_ORDERS, field: "form" },
    now,
  );
  try {
    return await tryCode(
      ctx,
      who,
      limits,
      input.promotionCode,
      now,
      () => placeOrder(ctx, input, now),
      () => true,
    );
  } catch (error) {
    // An order refused for its input (an address field, a code, the cart) was not placed; one
    // refused as busy (docs/decisions/034-busy-not-error.md) is not the shopper's doing. Neither
    // counts. Giving back may itself meet the busy table: the shopper still gets the refusal.
    if (isDomainError(error) || isBusy(error)) {
      await giveBack().catch((failure: unknown) => {
        logLine("warn", "order limit not given back", {
          reason: failure instanceof Error ? failure.message : String(failure),
        });
      });
    }
    throw error;
  }
}
