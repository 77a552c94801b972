// Restore (server): what a table restored to a point in time needs before the shop runs on it
// again (docs/decisions/036-restore.md). Nothing in core imports this area; `npm run restore`
// (scripts/restore.ts) and the deploy rehearsal (packages/rehearsal) do.
export * from "./bring-in-line.server.ts";
