// Accounts, server side: users, passwords (sessions and reset tokens come with the accounts issue).
export * from "./passwords.server.ts";
export * from "./users.server.ts";
