// npm run restore -- --stage <name> --to <time> [--dry-run]: brings a deployed stage back to a
// point in time (docs/decisions/036-restore.md, README "Restore a stage"). The plan comes from
// scripts/lib/restore.ts, each AWS step from scripts/lib/restore-aws.ts; the stage is moved to
// the restored table by `npm run deploy` with RESTORED_TABLE_STREAM_ARN set, so the operator's
// deploy settings must be in the environment as for any deploy. Needs AWS credentials for the
// stage's account and AWS_REGION (eu-west-1 by default).
import { spawnSync } from "node:child_process";
import { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { publishSearchIndex } from "@shop/core/server/catalog";
import { createContext, isProductionStage, loadConfig } from "@shop/core/server/context";
import { bringInLine } from "@shop/core/server/restore";
import {
  MANUAL_STEPS,
  parseRestoreArgs,
  RESTORED_TABLE_SETTING,
  type RestoreStepId,
  RestoreUsageError,
  restoredTableName,
  restorePlan,
  restoreTimeProblem,
} from "./lib/restore.ts";
import {
  invalidateSite,
  restoreToPointInTime,
  restoreWindow,
  turnOnProtection,
  turnOnRecovery,
  turnOnStream,
  turnOnTtl,
} from "./lib/restore-aws.ts";

/** The SST app's name (sst.config.ts): stacks are `<stage>-threadline-<Stack>`. */
const APP_NAME = "threadline";
const region = process.env.AWS_REGION || "eu-west-1";

/** A stack's outputs, read with the AWS CLI (as scripts/stripe-webhook.ts does); {} if none. */
function outputsOf(stage: string, stack: string): Record<string, string> {
  const result = spawnSync(
    "aws",
    [
      "cloudformation",
      "describe-stacks",
      "--region",
      region,
      "--stack-name",
      `${stage}-${APP_NAME}-${stack}`,
      "--query",
      "Stacks[0].Outputs",
      "--output",
      "json",
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) return {};
  const outputs = JSON.parse(result.stdout || "null") as Array<{
    OutputKey: string;
    OutputValue: string;
  }> | null;
  return Object.fromEntries((outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
}

function required(outputs: Record<string, string>, key: string, stack: string): string {
  const value = outputs[key];
  if (!value) {
    throw new Error(
      `the ${stack} stack has no ${key} output: deploy the stage with this version of the shop first`,
    );
  }
  return value;
}

async function main() {
  const storageOutputs: Record<string, Record<string, string>> = {};
  const args = parseRestoreArgs(process.argv.slice(2), (stage) => {
    storageOutputs[stage] = outputsOf(stage, "Storage");
    return Boolean(storageOutputs[stage]?.TableName);
  });
  const storage = storageOutputs[args.stage] ?? {};
  const table = required(storage, "TableName", "Storage");
  const searchBucket = required(storage, "SearchBucket", "Storage");
  const distributionId = required(outputsOf(args.stage, "Web"), "SiteDistributionId", "Web");
  const production = isProductionStage(args.stage);
  const restored = restoredTableName(table, args.to);
  const db = new DynamoDBClient({ region });
  const cloudfront = new CloudFrontClient({ region });
  try {
    const window = await restoreWindow(db, table);
    const problem = restoreTimeProblem(args.to, new Date(), window);
    if (problem) throw new RestoreUsageError(problem);
    const plan = restorePlan({ ...args, table, restoredTable: restored, production });
    console.log(`Restore of the stage ${args.stage} to ${args.to.toISOString()}:`);
    for (const [i, step] of plan.entries()) console.log(`  ${i + 1}. ${step.what}`);
    if (args.dryRun) {
      console.log("\n--dry-run: nothing was changed.");
      return;
    }
    let streamArn = "";
    /** The restored table as the shop's code sees it (core's Context). */
    const ctx = () =>
      createContext(
        loadConfig({
          STAGE: args.stage,
          AWS_REGION: region,
          TABLE_NAME: restored,
          SEARCH_BUCKET: searchBucket,
          DEPENDENCY_DEADLINES: "aws",
        }),
      );
    const run: Record<RestoreStepId, () => Promise<unknown>> = {
      restore: async () => {
        console.log(`  ${await restoreToPointInTime(db, table, restored, args.to)}`);
      },
      stream: async () => {
        streamArn = await turnOnStream(db, restored);
      },
      ttl: () => turnOnTtl(db, restored),
      recovery: () => turnOnRecovery(db, restored),
      protection: () => turnOnProtection(db, restored),
      deploy: async () => {
        const { status } = spawnSync("npx", ["tsx", "scripts/deploy.ts", "--stage", args.stage], {
          stdio: "inherit",
          env: { ...process.env, [RESTORED_TABLE_SETTING]: streamArn },
        });
        if (status !== 0) {
          throw new Error(
            `the deploy failed (exit ${status}); the restored table ${restored} is ready. Fix the cause, then run the same npm run restore again: it goes on from that table.`,
          );
        }
      },
      "order-numbers": async () => {
        const done = await bringInLine(ctx(), table);
        console.log(
          `  ${done.orderNumbersCarried} order numbers carried over; the catalogue's version is now ${done.catalogVersion}`,
        );
      },
      "search-index": async () => {
        console.log(`  ${JSON.stringify(await publishSearchIndex(ctx()))}`);
      },
      edge: () => invalidateSite(cloudfront, distributionId, `restore-${Date.now()}`),
    };
    for (const [i, step] of plan.entries()) {
      console.log(`\n→ ${i + 1}. ${step.what}`);
      await run[step.id]();
    }
    console.log(`\nThe stage ${args.stage} runs on ${restored}. From now on, deploy it with`);
    console.log(`  ${RESTORED_TABLE_SETTING}=${streamArn}`);
    console.log('\nWhat is left to do by hand (README "Restore a stage"):');
    for (const step of MANUAL_STEPS) console.log(`  - ${step}`);
  } finally {
    db.destroy();
    cloudfront.destroy();
  }
}

try {
  await main();
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  process.exit(error instanceof RestoreUsageError ? 2 : 1);
}
