// The data migrations' runner (docs/decisions/024-migrations-on-deploy.md). A migration is one
// numbered file in this folder (NNN-what-it-does.server.ts) whose default export is
// `defineMigration({ description, page })`: `page` does one bounded page of work from a cursor and
// says how many items it touched and where to go on (no cursor: done). The runner applies the
// pending ones in order, page by page, and records each in the table (pk MIGRATION#<id>): its
// state, when it started and finished, how many items and pages, and the cursor to resume from.
// It stops before its deadline (the deploy function's timeout) with every finished page recorded,
// and the next run goes on from there.
//
// A page's work and its record are two writes: a run that dies between them does that page again,
// so every page must be idempotent (a conditional write, or a write of the same value). Two runs
// at once (two deploys, or a deploy and `npm start` on one table) cannot both record a page: each
// record update is conditional on the page count it read, and the run that loses stops.
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { isConditionFailed } from "../db/conditional.server.ts";
import { migrationKey } from "../db/keys.ts";

/** Where a migration goes on from: any JSON value (a table's LastEvaluatedKey, an offset…). */
export type Cursor = Record<string, unknown>;

export interface PageResult {
  /** Items written (or objects changed) by this page. */
  touched: number;
  /** Where the next page starts; absent when the migration is done. */
  cursor?: Cursor;
}

export interface Migration {
  /** What it does, for the operator (logged and recorded). */
  description: string;
  /** One page of work from `cursor` (undefined: the first page); idempotent. */
  page(ctx: Context, cursor: Cursor | undefined): Promise<PageResult>;
}

/** A migration with its id, the name of its file without `.server.ts` (e.g. "001-customers-list-key"). */
export interface NamedMigration extends Migration {
  id: string;
}

/** The file name of a migration: three digits, a dash, lower-case words. */
export const MIGRATION_FILE = /^(\d{3}-[a-z0-9-]+)\.server\.ts$/;

/** A migration's definition (a file's default export). */
export const defineMigration = (migration: Migration): Migration => migration;

/** The record of one migration in the table. */
export interface MigrationRecord {
  id: string;
  description: string;
  state: "running" | "done";
  startedAt: string;
  updatedAt: string;
  doneAt?: string;
  touched: number;
  pages: number;
  cursor?: Cursor;
  /** The last page that failed: its error, and when (the deploy failed with it). */
  lastError?: string;
  lastErrorAt?: string;
}

export interface MigrationOutcome {
  id: string;
  /** done: finished now; already: finished before; pending: stopped at the deadline; busy: another run holds it. */
  status: "done" | "already" | "pending" | "busy";
  touched: number;
  pages: number;
}

export interface RunOptions {
  /** Epoch ms after which no page starts (a page must fit in the margin left before the timeout). */
  deadline?: number;
  now?: () => Date;
  /** The clock the deadline is read on (epoch ms). */
  clock?: () => number;
  log?: (line: string) => void;
}

/** Names the migrations in `modules` by their file names, in order, refusing duplicates and gaps. */
export function namedMigrations(modules: Record<string, Migration>): NamedMigration[] {
  const ids = Object.keys(modules).sort();
  ids.forEach((id, index) => {
    if (!/^\d{3}-[a-z0-9-]+$/.test(id)) throw new Error(`migration ${id}: not NNN-name`);
    if (Number(id.slice(0, 3)) !== index + 1) {
      throw new Error(`migration ${id}: expected number ${String(index + 1).padStart(3, "0")}`);
    }
  });
  return ids.map((id) => ({ id, ...(modules[id] as Migration) }));
}

export async function readMigrationRecord(
  ctx: Context,
  id: string,
): Promise<MigrationRecord | undefined> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: migrationKey(id), ConsistentRead: true }),
  );
  return Item as MigrationRecord | undefined;
}

/** Applies the pending migrations in order; stops at the deadline or at one another run holds. */
export async function runMigrations(
  ctx: Context,
  migrations: readonly NamedMigration[],
  {
    deadline = Number.POSITIVE_INFINITY,
    now = () => new Date(),
    clock = Date.now,
    log = () => {},
  }: RunOptions = {},
): Promise<MigrationOutcome[]> {
  const outcomes: MigrationOutcome[] = [];
  for (const migration of migrations) {
    const record = await readMigrationRecord(ctx, migration.id);
    if (record?.state === "done") {
      outcomes.push({
        id: migration.id,
        status: "already",
        touched: record.touched,
        pages: record.pages,
      });
      continue;
    }
    const outcome = await runOne(ctx, migration, record, { deadline, now, clock, log });
    outcomes.push(outcome);
    // A later migration may rely on an earlier one: never past one that is not done.
    if (outcome.status !== "done") break;
  }
  return outcomes;
}

async function runOne(
  ctx: Context,
  migration: NamedMigration,
  record: MigrationRecord | undefined,
  { deadline, now, clock, log }: Required<RunOptions>,
): Promise<MigrationOutcome> {
  let touched = record?.touched ?? 0;
  let pages = record?.pages ?? 0;
  let cursor = record?.cursor;
  const startedAt = record?.startedAt ?? now().toISOString();
  log(
    `migration ${migration.id}: ${migration.description}${record ? ` (resuming after ${pages} pages, ${touched} items)` : ""}`,
  );
  for (;;) {
    if (clock() >= deadline) {
      log(
        `migration ${migration.id}: stopped at the deadline after ${pages} pages; the next run goes on`,
      );
      return { id: migration.id, status: "pending", touched, pages };
    }
    let result: PageResult;
    try {
      result = await migration.page(ctx, cursor);
    } catch (error) {
      await recordFailure(ctx, migration, error, now());
      throw error;
    }
    const done = result.cursor === undefined;
    const at = now().toISOString();
    try {
      await ctx.db.send(
        new UpdateCommand({
          TableName: ctx.tableName,
          Key: migrationKey(migration.id),
          UpdateExpression: `SET entity = :entity, id = :id, description = :description, #state = :state, startedAt = :startedAt, updatedAt = :at, touched = :touched, pages = :next${done ? ", doneAt = :at REMOVE #cursor" : ", #cursor = :cursor"}`,
          ConditionExpression:
            pages === 0 ? "attribute_not_exists(pages) OR pages = :pages" : "pages = :pages",
          ExpressionAttributeNames: { "#state": "state", "#cursor": "cursor" },
          ExpressionAttributeValues: {
            ":entity": "migration",
            ":id": migration.id,
            ":description": migration.description,
            ":state": done ? "done" : "running",
            ":startedAt": startedAt,
            ":at": at,
            ":touched": touched + result.touched,
            ":pages": pages,
            ":next": pages + 1,
            ...(done ? {} : { ":cursor": result.cursor }),
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      log(`migration ${migration.id}: another run is applying it; this one stops`);
      return { id: migration.id, status: "busy", touched, pages };
    }
    touched += result.touched;
    pages += 1;
    cursor = result.cursor;
    if (done) {
      log(`migration ${migration.id}: done, ${touched} items in ${pages} pages`);
      return { id: migration.id, status: "done", touched, pages };
    }
  }
}

/** Records a failed page on the migration's item (the deploy fails with the same error). */
async function recordFailure(ctx: Context, migration: NamedMigration, error: unknown, at: Date) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  await ctx.db
    .send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: migrationKey(migration.id),
        UpdateExpression:
          "SET entity = :entity, id = :id, description = :description, lastError = :error, lastErrorAt = :at",
        ExpressionAttributeValues: {
          ":entity": "migration",
          ":id": migration.id,
          ":description": migration.description,
          ":error": message.slice(0, 1000),
          ":at": at.toISOString(),
        },
      }),
    )
    // The page's own error is the one to report.
    .catch(() => {});
}

/**
 * What a deploy makes of its run (docs/decisions/024-migrations-on-deploy.md): nothing when every
 * migration is done, or the reason it must fail, with the operator's next step. A deploy whose
 * data is not fully migrated stops there, before any new code reads the data: the functions and
 * the site wait on the migrations (stacks/Events.ts), so the stage keeps running the code before.
 */
export function unfinishedMigrations(
  outcomes: readonly MigrationOutcome[],
  stage: string,
): string | undefined {
  const stopped = outcomes.find((o) => o.status === "pending" || o.status === "busy");
  if (!stopped) return undefined;
  const deployAgain = `npm run deploy -- --stage ${stage}`;
  if (stopped.status === "pending") {
    return `Migration ${stopped.id} is not finished, nor any after it: it stopped at the deploy's deadline after ${stopped.pages} pages (${stopped.touched} items), with every page recorded. This deploy stops before any new code runs, and the stage keeps its code from before. Next: deploy the same commit again (${deployAgain}); it goes on from the last page recorded.`;
  }
  return `Migration ${stopped.id} is being applied by another run at the same time (a second deploy, or a local shop on this table). This deploy stops before any new code runs, and the stage keeps its code from before. Next: let that run finish, then deploy again (${deployAgain}).`;
}
