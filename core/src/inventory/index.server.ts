// Inventory (server): stock per product and size in the table, reserved and given back with the
// orders, saved by admins; back-in-stock requests and their notices.
export * from "./restock.server.ts";
export * from "./stock.server.ts";
