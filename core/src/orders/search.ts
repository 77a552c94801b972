// The admin's order search box (docs/product.md §10 "Orders", docs/architecture.md §2 access patterns): one field
// that takes either an order number ("TL-7K3QX9PM", read as typed on the phone) or a customer's
// e-mail address. Each kind has its own key: the order number claim, or the e-mail claim and the
// customer's history; anything else is refused on the field, never searched by Scan.
import * as v from "valibot";
import { DomainError } from "../common/errors.ts";
import { EMAIL_MAX_LENGTH } from "../common/fields.ts";
import { parseOrderNumber } from "./order-number.ts";

export type OrderSearch =
  | { kind: "all" }
  | { kind: "number"; number: string }
  | { kind: "email"; email: string };

export const ORDER_SEARCH_INVALID =
  "Enter an order number (TL-XXXXXXXX) or a customer's e-mail address";

const Email = v.pipe(v.string(), v.email(), v.maxLength(EMAIL_MAX_LENGTH));

/** What the admin typed: every order, one order number or one customer's e-mail. */
export function parseOrderSearch(q: unknown): OrderSearch {
  if (q === undefined || q === null) return { kind: "all" };
  if (typeof q !== "string") throw new DomainError("Search must be text", "q");
  const text = q.trim();
  if (text === "") return { kind: "all" };
  if (text.includes("@")) {
    const email = text.toLowerCase();
    if (v.is(Email, email)) return { kind: "email", email };
    throw new DomainError(ORDER_SEARCH_INVALID, "q");
  }
  const number = text.length <= 20 ? parseOrderNumber(text) : null;
  if (number) return { kind: "number", number };
  throw new DomainError(ORDER_SEARCH_INVALID, "q");
}
