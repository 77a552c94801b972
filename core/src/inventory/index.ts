// Inventory (browser-safe): what a size's stock means to a shopper, and the "Notify me" form.
export * from "./schemas.ts";
export * from "./stock.ts";
