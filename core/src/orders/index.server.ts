// Orders (server): what an order is and reading it (one, a customer's, the admin's list and
// search), and the admin's changes. Placing and paying are the checkout's
// (@shop/core/server/checkout).

export * from "./admin-changes.server.ts";
export * from "./order-number.ts";
export * from "./orders.server.ts";
export * from "./search.server.ts";
export * from "./search.ts";
