// Invoices, browser-safe: the invoice's layout rules (date format, lines, totals).
export * from "./layout.ts";
