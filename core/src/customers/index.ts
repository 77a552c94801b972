// Customers (admin): the list's search and what a customer spent (browser-safe; the table reads
// are in index.server.ts).
export * from "./customers.ts";
