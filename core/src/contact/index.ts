// Contact: the contact form's schema (browser-safe).
export * from "./schemas.ts";
