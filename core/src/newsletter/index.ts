// Newsletter: the sign-up form's schema (browser-safe).
export * from "./schemas.ts";
