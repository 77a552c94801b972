// Reviews: rating figures and the review form's schema (browser-safe).
export * from "./fit.ts";
export * from "./schemas.ts";
export * from "./stats.ts";
