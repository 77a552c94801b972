// The migrations of this folder, found by their file names (NNN-what-it-does.server.ts) and
// imported: how `npm start` and the tests load them from the sources. A deployed stage's bundle
// has no folder to read: stacks/migrations.ts writes its handler at synthesis with one static
// import per file found here, by the same rule (MIGRATION_FILE). Either way, adding a migration is
// adding its file.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  MIGRATION_FILE,
  type Migration,
  type NamedMigration,
  namedMigrations,
} from "./runner.server.ts";

/** This folder. */
export const MIGRATIONS_DIR = fileURLToPath(new URL(".", import.meta.url));

/** The migration files of `dir`, in order: [id, file name]. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<Array<[string, string]>> {
  return (await readdir(dir))
    .flatMap((file) => {
      const match = MIGRATION_FILE.exec(file);
      return match?.[1] ? [[match[1], file] as [string, string]] : [];
    })
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Every migration of `dir`, imported, in order. */
export async function migrationsIn(dir = MIGRATIONS_DIR): Promise<NamedMigration[]> {
  const modules: Record<string, Migration> = {};
  for (const [id, file] of await migrationFiles(dir)) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { default?: Migration };
    if (!module.default?.page) throw new Error(`${file}: its default export is no migration`);
    modules[id] = module.default;
  }
  return namedMigrations(modules);
}
