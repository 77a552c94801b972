// Invoices (server): the layout, the PDF and its storage in the invoices bucket.
export * from "./invoices.server.ts";
export * from "./layout.ts";
export * from "./pdf.ts";
export * from "./pdf-text.ts";
