// Shared form helpers: field schemas and parseForm (browser-safe).

export * from "./errors.ts";
export * from "./fields.ts";
export * from "./forms.ts";
