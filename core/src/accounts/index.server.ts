// Accounts, server side: users, passwords, sessions, reset tokens, addresses, abuse limits, and
// the anonymisation of a deleted account's orders.

export { DomainError, isDomainError } from "../common/errors.ts";
export * from "./addresses.server.ts";
export * from "./auth.server.ts";
export * from "./client-address.ts";
export * from "./email-change.server.ts";
export * from "./limits.ts";
export * from "./order-anonymisation.server.ts";
export * from "./password-reset.server.ts";
export * from "./passwords.server.ts";
export * from "./rate-limit.server.ts";
export * from "./sessions.server.ts";
export * from "./users.server.ts";
