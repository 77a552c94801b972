// The admin's order list with its search box (see search.ts): every order (Query gsi2 ORDERS),
// one order by number (GetItem number claim → GetItem order) or one customer's orders (GetItem
// e-mail claim → GetItem user → Query gsi1 USER#<id>#ORDERS); each optionally in one state.
import { findUserByEmail } from "../accounts/users.server.ts";
import type { Context } from "../context/index.server.ts";
import {
  getOrderByNumber,
  type ListOrdersOptions,
  listAllOrders,
  listOrdersForUser,
  type OrderPage,
  stateFilter,
} from "./orders.server.ts";
import { type OrderSearch, parseOrderSearch } from "./search.ts";

export interface SearchOrdersInput extends ListOrdersOptions {
  /** The search box, untrusted: empty, an order number or a customer's e-mail. */
  q?: unknown;
}

export interface OrderSearchPage extends OrderPage {
  search: OrderSearch;
}

/** Orders for the admin's list, newest first; a bad query, state or cursor is a DomainError. */
export async function searchOrders(
  ctx: Context,
  input: SearchOrdersInput = {},
): Promise<OrderSearchPage> {
  const search = parseOrderSearch(input.q);
  const state = stateFilter(input.state);
  const options = { limit: input.limit, cursor: input.cursor, state };
  switch (search.kind) {
    case "all":
      return { search, ...(await listAllOrders(ctx, options)) };
    case "number": {
      const order = await getOrderByNumber(ctx, search.number);
      return { search, orders: order && (!state || order.state === state) ? [order] : [] };
    }
    case "email": {
      const user = await findUserByEmail(ctx, search.email);
      if (!user) return { search, orders: [] };
      return { search, ...(await listOrdersForUser(ctx, user.id, options)) };
    }
  }
}
