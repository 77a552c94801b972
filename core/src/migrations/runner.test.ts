// The migrations' names and order (docs/decisions/024-migrations-on-deploy.md): what a file must
// be called, and a registry without gaps or duplicates. The runner itself is tested against
// DynamoDB Local (runner.int.test.ts).
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrationFiles, migrationsIn } from "./folder.server.ts";
import {
  defineMigration,
  MIGRATION_FILE,
  namedMigrations,
  unfinishedMigrations,
} from "./runner.server.ts";

const noop = defineMigration({ description: "nothing", page: async () => ({ touched: 0 }) });

describe("the migrations' names", () => {
  it("are NNN-words.server.ts files, named and ordered by their number", () => {
    expect(MIGRATION_FILE.exec("001-customers-list-key.server.ts")?.[1]).toBe(
      "001-customers-list-key",
    );
    for (const file of ["1-x.server.ts", "001-x.ts", "001_X.server.ts", "runner.server.ts"]) {
      expect(MIGRATION_FILE.test(file), file).toBe(false);
    }
    const named = namedMigrations({ "002-b": noop, "001-a": noop });
    expect(named.map((m) => m.id)).toEqual(["001-a", "002-b"]);
  });

  it("refuses a gap or a repeated number, so a migration is never skipped or run twice over", () => {
    expect(() => namedMigrations({ "001-a": noop, "003-c": noop })).toThrow(
      /003-c: expected number 002/,
    );
    expect(() => namedMigrations({ "001-a": noop, "001-b": noop })).toThrow(
      /001-b: expected number 002/,
    );
  });

  it("this folder's migrations are numbered from 001 without a gap", async () => {
    const files = await migrationFiles();
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(() =>
      namedMigrations(Object.fromEntries(files.map(([id]) => [id, noop]))),
    ).not.toThrow();
  });

  it("adding a migration is adding its file: the folder is read, nothing else to register", async () => {
    const dir = await mkdtemp(join(tmpdir(), "migrations-"));
    const file = (description: string) =>
      `export default { description: "${description}", page: async () => ({ touched: 0 }) };\n`;
    await writeFile(join(dir, "001-first.server.ts"), file("the first"));
    await writeFile(join(dir, "notes.md"), "not a migration");
    expect((await migrationsIn(dir)).map((m) => m.id)).toEqual(["001-first"]);
    await writeFile(join(dir, "002-second.server.ts"), file("the second"));
    const found = await migrationsIn(dir);
    expect(found.map((m) => [m.id, m.description])).toEqual([
      ["001-first", "the first"],
      ["002-second", "the second"],
    ]);
  });
});

describe("what a deploy makes of its migrations", () => {
  const done = { id: "001-a", status: "done", touched: 3, pages: 1 } as const;
  const already = { id: "002-b", status: "already", touched: 9, pages: 2 } as const;

  it("goes on when every migration is done, now or before", () => {
    expect(unfinishedMigrations([done, already], "staging")).toBeUndefined();
    expect(unfinishedMigrations([], "staging")).toBeUndefined();
  });

  it("fails on a migration stopped at its deadline, naming it and the next step", () => {
    const pending = { id: "003-c", status: "pending", touched: 2500, pages: 25 } as const;
    const reason = unfinishedMigrations([done, already, pending], "production");
    expect(reason).toMatch(/^Migration 003-c is not finished, nor any after it/);
    expect(reason).toContain("after 25 pages (2500 items)");
    expect(reason).toContain("before any new code runs");
    expect(reason).toContain("deploy the same commit again (npm run deploy -- --stage production)");
  });

  it("fails on a migration another run holds, with the next step", () => {
    const busy = { id: "002-b", status: "busy", touched: 0, pages: 4 } as const;
    const reason = unfinishedMigrations([done, busy], "staging");
    expect(reason).toMatch(/^Migration 002-b is being applied by another run/);
    expect(reason).toContain(
      "let that run finish, then deploy again (npm run deploy -- --stage staging)",
    );
  });
});
