// Customers as the admin sees them (docs/product.md §10 "Customers"): the list's search and what a
// customer has spent. Pure rules, browser-safe; the table reads are in ./*.server.ts.
import * as v from "valibot";
import { optionalText } from "../common/fields.ts";
import type { PaymentStatus } from "../orders/state.ts";

export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

/** The customers list's search box (`?q=`): optional, trimmed, at most 100 characters. */
export const CustomerSearchSchema = v.object({
  q: optionalText("Search", { max: CUSTOMER_SEARCH_MAX_LENGTH }),
});

/** One account in the admin's list. */
export interface CustomerSummary {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
  isAdmin: boolean;
}

/** Lower case without accents, so "garcia" finds "García" and "ANA" finds "ana@…". */
export const searchable = (text: string): string =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** The words of a search, made searchable; none for an empty search. */
export const searchTerms = (query: string): string[] =>
  searchable(query).split(/\s+/).filter(Boolean);

/** Does the customer match every word of the search, in their names or e-mail? */
export function customerMatches(
  customer: Pick<CustomerSummary, "firstName" | "lastName" | "email">,
  terms: readonly string[],
): boolean {
  const text = searchable(`${customer.firstName} ${customer.lastName} ${customer.email}`);
  return terms.every((term) => text.includes(term));
}

/** A search that is a whole e-mail address: found exactly through the address's claim. */
export const isWholeEmail = (query: string): boolean =>
  v.is(v.pipe(v.string(), v.email()), query.trim());

export interface SpendingOrder {
  payment: PaymentStatus;
  totalCents: number;
  refundDue?: boolean;
  refundedAt?: string;
  /** What the order's returns refunded (core/src/returns). */
  returnRefundedCents?: number;
}

/**
 * What a customer has spent: the totals of their paid orders, less those whose money went back
 * or is due back (a cancelled paid order: docs/product.md §4 "Order state") and less what their
 * returns refunded (§4 "Returns and exchanges"). Orders awaiting a payment, failed or never
 * charged count nothing.
 */
export function totalSpentCents(orders: readonly SpendingOrder[]): number {
  return orders
    .filter((order) => order.payment === "paid" && !order.refundDue && !order.refundedAt)
    .reduce((sum, order) => sum + order.totalCents - (order.returnRefundedCents ?? 0), 0);
}
