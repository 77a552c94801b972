// Orders (server): what an order is and reading it (one, a customer's, the admin's list and
// search), the admin's changes, the export, the e-mails after payment and shipping, and the
// anonymisation of a deleted account's orders. Placing and paying are the checkout's
// (@shop/core/server/checkout).

export * from "./admin-changes.server.ts";
export * from "./anonymise.server.ts";
export * from "./export.server.ts";
export * from "./export.ts";
export * from "./notifications.server.ts";
export * from "./order-number.ts";
export * from "./orders.server.ts";
export * from "./search.server.ts";
export * from "./search.ts";
