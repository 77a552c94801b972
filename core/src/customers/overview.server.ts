// One customer as the admin sees them (docs/product.md §10 "Customers"): the account, every order
// with its total, what they spent, how many reviews they wrote, their newsletter status and
// their address's mail state (a hard bounce or a complaint: core/src/mail/reputation.ts).
// Round trips, in parallel after the user's GetItem: Query gsi1 USER#<id>#ORDERS (one per 100
// orders), the review count (./../reviews/authors.server.ts: 1 Query + 1 BatchGetItem per 100
// products bought), the subscription's GetItem and the mail state's.
// A deleted account has no page (null): its orders stay, anonymised, in the orders list
// (docs/decisions/008-account-deletion.md).
import { getUser, type User } from "../accounts/users.server.ts";
import type { Context } from "../context/index.server.ts";
import { getMailState } from "../mail/reputation.server.ts";
import { describeMailState } from "../mail/reputation.ts";
import { isSubscribed } from "../newsletter/subscriptions.server.ts";
import { listOrdersForUser, type Order } from "../orders/orders.server.ts";
import { countReviewsByAuthor } from "../reviews/authors.server.ts";
import { totalSpentCents } from "./customers.ts";

export type CustomerOrder = Pick<
  Order,
  "id" | "number" | "createdAt" | "totalCents" | "state" | "payment" | "refundDue" | "refundedAt"
>;

export interface CustomerOverview {
  customer: User;
  /** Every order, newest first. */
  orders: CustomerOrder[];
  totalSpentCents: number;
  reviewCount: number;
  subscribed: boolean;
  /** What the shop no longer sends the address, and why, in words; null: nothing suppressed. */
  mailState: string | null;
}

const ORDERS_PER_QUERY = 100;

/** The customer's page, or null when no account has this id (deleted, or never). */
export async function customerOverview(
  ctx: Context,
  userId: string,
): Promise<CustomerOverview | null> {
  if (typeof userId !== "string" || userId === "" || userId.length > 100) return null;
  const customer = await getUser(ctx, userId);
  if (!customer) return null;
  const [orders, reviewCount, subscribed, mailState] = await Promise.all([
    allOrders(ctx, userId),
    countReviewsByAuthor(ctx, userId),
    isSubscribed(ctx, customer.email),
    getMailState(ctx, customer.email),
  ]);
  return {
    customer,
    orders,
    totalSpentCents: totalSpentCents(orders),
    reviewCount,
    subscribed,
    mailState: describeMailState(mailState),
  };
}

async function allOrders(ctx: Context, userId: string): Promise<CustomerOrder[]> {
  const orders: CustomerOrder[] = [];
  let cursor: string | undefined;
  do {
    const page = await listOrdersForUser(ctx, userId, { limit: ORDERS_PER_QUERY, cursor });
    for (const o of page.orders) {
      orders.push({
        id: o.id,
        number: o.number,
        createdAt: o.createdAt,
        totalCents: o.totalCents,
        state: o.state,
        payment: o.payment,
        ...(o.refundDue !== undefined ? { refundDue: o.refundDue } : {}),
        ...(o.refundedAt ? { refundedAt: o.refundedAt } : {}),
      });
    }
    cursor = page.cursor;
  } while (cursor);
  return orders;
}
