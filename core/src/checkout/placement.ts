// A placement key makes "Confirm order" safe to press again after an attempt that got no answer
// (docs/decisions/010-bounded-under-faults.md). The checkout page sends one key per attempt and
// keeps it only when the answer was "unavailable"; the order's id is derived from the shopper,
// the key and the order's content, so a retry of the same order finds the order the unanswered
// attempt may have written, and goes on with it (same payment, same idempotency key), instead of
// writing a second order or redeeming a promotion twice. A changed cart, address, method or code
// is another order.
import { createHash } from "node:crypto";
import { DomainError } from "../common/errors.ts";

/** What the browser sends: a random UUID (crypto.randomUUID). */
const KEY = /^[A-Za-z0-9-]{16,64}$/;

export const PLACEMENT_KEY_INVALID = "Reload the page and try again";

/** The key sent with an order, or undefined when none was sent; anything else is refused. */
export function placementKey(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || !KEY.test(value)) {
    throw new DomainError(PLACEMENT_KEY_INVALID, "form");
  }
  return value;
}

/** The order id of a placement: a UUID (version 4 layout) from a hash of what identifies it. */
export function placementOrderId(userId: string, key: string, content: unknown): string {
  const hex = createHash("sha256")
    .update(JSON.stringify([userId, key, content]))
    .digest("hex");
  const variant = (8 | (Number.parseInt(hex.charAt(16), 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
