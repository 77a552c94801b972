// Migrations (server): the versioned data migrations a deploy applies
// (docs/decisions/024-migrations-on-deploy.md), one numbered file each in this folder, and their
// runner. Nothing in core imports this area; the deploy's function (functions/src/migrate.ts) and
// `npm start` (scripts/dev.ts) do.
export * from "./folder.server.ts";
export * from "./runner.server.ts";
