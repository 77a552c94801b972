// Payments (browser-safe): the local test gateway's card form rules and test cards.
export * from "./cards.ts";
