// Shared helpers: errors, field schemas, parseForm and the business metrics' names (browser-safe).

export * from "./address.ts";
export * from "./errors.ts";
export * from "./fields.ts";
export * from "./forms.ts";
export * from "./metrics-names.ts";
