// The decisions of `npm run restore -- --stage NAME --to TIME` (scripts/restore.ts), kept apart
// from the AWS calls that carry them out (./restore-aws.ts) so that they are tested without AWS:
// which arguments are accepted, which time a table can go back to, what the restored table is
// called and which steps a restore takes, in order (docs/decisions/036-restore.md).
import { parseArgs } from "node:util";

export class RestoreUsageError extends Error {}

export const RESTORE_USAGE =
  "usage: npm run restore -- --stage <stage> --to <time, ISO-8601 with its zone, e.g. 2026-11-29T14:05:00Z> [--dry-run]";

export interface RestoreArgs {
  stage: string;
  to: Date;
  /** Print the plan and check the time against the table's window; change nothing. */
  dryRun: boolean;
}

/**
 * The arguments, refused with a clear message: a stage `isKnown` says is deployed, and a time
 * with an explicit zone (a restore to "14:05" must not mean the operator's laptop's zone).
 */
export function parseRestoreArgs(
  argv: readonly string[],
  isKnown: (stage: string) => boolean,
): RestoreArgs {
  let values: { stage?: string; to?: string; "dry-run"?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        stage: { type: "string" },
        to: { type: "string" },
        "dry-run": { type: "boolean" },
      },
    }));
  } catch (error) {
    throw new RestoreUsageError(`${(error as Error).message}\n${RESTORE_USAGE}`);
  }
  if (!values.stage) throw new RestoreUsageError(`Name the stage (--stage).\n${RESTORE_USAGE}`);
  if (!values.to) throw new RestoreUsageError(`Name the time (--to).\n${RESTORE_USAGE}`);
  if (!isKnown(values.stage)) {
    throw new RestoreUsageError(
      `--stage: "${values.stage}" is not a deployed stage of the shop (no table of it found); check the name and the AWS_REGION`,
    );
  }
  return { stage: values.stage, to: parseTime(values.to), dryRun: values["dry-run"] ?? false };
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseTime(text: string): Date {
  const time = ISO_WITH_ZONE.test(text) ? new Date(text) : undefined;
  if (!time || Number.isNaN(time.getTime())) {
    throw new RestoreUsageError(
      `--to: "${text}" is not a time in ISO-8601 with its zone (e.g. 2026-11-29T14:05:00Z or 2026-11-29T15:05:00+01:00)`,
    );
  }
  return time;
}

/** The times the table can be restored to (DynamoDB's DescribeContinuousBackups). */
export interface RestoreWindow {
  earliest: Date;
  latest: Date;
}

/** Why the table cannot go back to `to`, or undefined when it can. */
export function restoreTimeProblem(to: Date, now: Date, window: RestoreWindow): string | undefined {
  if (to.getTime() > now.getTime()) {
    return `--to: ${to.toISOString()} is in the future (it is ${now.toISOString()})`;
  }
  if (to.getTime() < window.earliest.getTime()) {
    return `--to: ${to.toISOString()} is before the earliest time point-in-time recovery can restore, ${window.earliest.toISOString()} (it keeps 35 days, from when it was turned on)`;
  }
  if (to.getTime() > window.latest.getTime()) {
    return `--to: ${to.toISOString()} is after the latest restorable time, ${window.latest.toISOString()} (about five minutes ago); give an earlier time or wait`;
  }
  return undefined;
}

const RESTORED_SUFFIX = /-restored-\d{8}t\d{6}z$/;

/**
 * The restored table's name: the stage's table's, without any earlier restore's suffix, then
 * `-restored-<the time it goes back to>`, e.g. `production-threadline-Storage-TableCD1-X-restored-20261129t140500z`.
 */
export function restoredTableName(table: string, to: Date): string {
  const stamp = to
    .toISOString()
    .replace(/\.\d{3}Z$/, "z")
    .replace(/[-:]/g, "")
    .replace("T", "t");
  const name = `${table.replace(RESTORED_SUFFIX, "")}-restored-${stamp}`;
  if (name.length > 255) throw new Error(`the restored table's name would be too long: ${name}`);
  return name;
}

/** A step of a restore; the rehearsal runs those its stand-ins allow (packages/rehearsal). */
export type RestoreStepId =
  | "restore"
  | "stream"
  | "ttl"
  | "recovery"
  | "protection"
  | "deploy"
  | "order-numbers"
  | "search-index"
  | "edge";

export interface RestoreStep {
  id: RestoreStepId;
  what: string;
}

export interface PlanInput {
  stage: string;
  to: Date;
  table: string;
  restoredTable: string;
  production: boolean;
}

/**
 * The steps of a restore, in order. On production the stage moves to the restored table (deploy)
 * before the order numbers are carried over and the catalogue moved past the old one, so that
 * what the old table issued until the very switch is carried too (the old table is kept). On any
 * other stage that deploy deletes the old table, so they are carried just before it (an order
 * placed during the deploy itself is the one left out). The edge is purged last, once the site
 * serves the restored catalogue.
 */
export function restorePlan(input: PlanInput): RestoreStep[] {
  const { stage, to, table, restoredTable, production } = input;
  const steps: RestoreStep[] = [
    {
      id: "restore",
      what: `restore ${table} as it was at ${to.toISOString()} to a new table ${restoredTable} (point-in-time recovery), and wait until it is active`,
    },
    { id: "stream", what: `turn on ${restoredTable}'s stream (new images), for its readers` },
    { id: "ttl", what: "turn on its time to live (the same attribute as the stage's table)" },
    { id: "recovery", what: "turn on its point-in-time recovery" },
  ];
  if (production) {
    steps.push({ id: "protection", what: "turn on its deletion protection (a production stage)" });
  }
  const deploy: RestoreStep = {
    id: "deploy",
    what: `deploy the stage ${stage} with ${RESTORED_TABLE_SETTING} set to its stream: every function, stream reader and setting moves to it; ${production ? "the old table is kept (the production table's removal policy is RETAIN)" : "the old table is deleted by this deploy (a non-production stage's table is removed with its stack's resource)"}`,
  };
  const numbers: RestoreStep = {
    id: "order-numbers",
    what: "carry over every order number the old table issued (none is given again) and move the catalogue version past the old table's",
  };
  steps.push(
    ...(production ? [deploy, numbers] : [numbers, deploy]),
    { id: "search-index", what: "publish the search index of the restored catalogue" },
    {
      id: "edge",
      what: "invalidate the site's distribution (/*): no page from after the restore's time stays cached",
    },
  );
  return steps;
}

/** The deploy setting that moves a stage to a restored table (stacks/stage.ts restoredTable). */
export const RESTORED_TABLE_SETTING = "RESTORED_TABLE_STREAM_ARN";

/** What can never be automated, printed after a restore (README "Restore a stage" says more). */
export const MANUAL_STEPS = [
  "Keep RESTORED_TABLE_STREAM_ARN set for this stage on every later deploy (your shell, and the deploy workflow's environment for the stage): without it the stacks make a new, empty table.",
  "Stripe: payments made after the restore's time belong to orders the restored table lacks. In Stripe's dashboard list the payments since then; refund each, or place its order again by hand.",
  "Mail: confirmations, shipping notices and newsletters sent after the restore's time were sent; tell the customers whose orders are gone.",
  "Accounts: sign-ups, password and e-mail changes and sessions after the restore's time are gone; customers sign up or reset their password again.",
  "Stock: units sold after the restore's time are counted as in stock again; check the stock of what sold since.",
  "Production: the old table is kept; delete it by hand once nothing more is to be read from it (turn off its deletion protection first).",
] as const;
