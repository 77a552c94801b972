// Newsletter: the sign-up and compose forms' schemas and the e-mail's text rule (browser-safe).
export * from "./preview.ts";
export * from "./schemas.ts";
