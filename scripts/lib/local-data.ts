// What `npm start` does to a local `.data` an older version of the shop wrote: the data
// migrations it has not applied yet (core/src/migrations, docs/decisions/024-migrations-on-deploy.md),
// with the runner a deploy uses, each recorded in the table when done. scripts/dev.ts calls it
// after the seed, once the upload handler is wired (a photo without variants reaches it);
// scripts/lib/local-data.int.test.ts runs it on data as an older version wrote it.
import type { Context } from "@shop/core/server/context";
import type { MigrationOutcome } from "@shop/core/server/migrations";

export async function migrateLocalData(
  ctx: Context,
  log: (line: string) => void = () => {},
): Promise<MigrationOutcome[]> {
  const { migrationsIn, runMigrations } = await import("@shop/core/server/migrations");
  return runMigrations(ctx, await migrationsIn(), { log: (line) => log(`  ${line}`) });
}
