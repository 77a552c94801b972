// The deploy's data migrations (docs/decisions/024-migrations-on-deploy.md; the migrations entry
// of functions/src/registry.ts, built by stacks/functions.ts): SST's Script runs one function on every deploy of the stage (its create and every update: SST gives its custom
// resource a new version each deploy), which applies the migrations of core/src/migrations that
// the table has not recorded as done, then publishes the catalogue's search index
// (functions/src/migrate.ts). CloudFormation waits for it; a failing migration fails the deploy.
//
// The function's handler is written here, at synthesis, with one static import per migration file
// found in core/src/migrations (the bundler, esbuild 0.18 under SST v2, cannot bundle a folder by
// itself): adding a migration is adding its file.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { MIGRATION_FILE } from "@shop/core/server/migrations";
import type { CfnElement } from "aws-cdk-lib";
import { type Function as Fn, Script, type Stack } from "sst/constructs";
import { justify, justifyBasicExecution, SST_DEPLOY_TIME } from "./rule-packs.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MIGRATIONS_DIR = join(ROOT, "core", "src", "migrations");
/** Where the handler is written (git-ignored, like everything SST builds under .sst/). */
export const MIGRATIONS_HANDLER = join(".sst", "migrations", "handler.ts");

/** The migration files of core/src/migrations, in order: [id, file name]. */
export function migrationFiles(): Array<[string, string]> {
  return readdirSync(MIGRATIONS_DIR)
    .flatMap((file) => {
      const id = MIGRATION_FILE.exec(file)?.[1];
      return id ? [[id, file] as [string, string]] : [];
    })
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Writes the migrations function's handler; returns SST's handler path for it. */
export function writeMigrationsHandler(): string {
  const file = join(ROOT, MIGRATIONS_HANDLER);
  mkdirSync(dirname(file), { recursive: true });
  const from = (path: string) => relative(dirname(file), join(ROOT, path)).replaceAll("\\", "/");
  const files = migrationFiles();
  writeFileSync(
    file,
    [
      "// Written by stacks/migrations.ts at synthesis, one import per file of core/src/migrations.",
      `import { migrateOnDeploy } from "${from("functions/src/migrate.ts")}";`,
      ...files.map(([, name], i) => `import m${i} from "${from(`core/src/migrations/${name}`)}";`),
      `export const handler = migrateOnDeploy({ ${files.map(([id], i) => `"${id}": m${i}`).join(", ")} });`,
      "",
    ].join("\n"),
  );
  return MIGRATIONS_HANDLER.replace(/\.ts$/, ".handler").replaceAll("\\", "/");
}

/** The deploy's Script runs `fn` (the migrations entry's function) on every create and update. */
export function runOnDeploy(stack: Stack, fn: Fn) {
  const script = new Script(stack, `${fn.node.id}Script`, { onCreate: fn, onUpdate: fn });
  const handler = script.node.tryFindChild("ScriptHandler");
  justify(
    handler,
    ["AwsSolutions-L1", "Serverless-LambdaLatestVersion", "Serverless-LambdaTracing"],
    `SST v2's Script handler, whose runtime sst 2.49.8 fixes at nodejs22.x (supported until April 2027); it ${SST_DEPLOY_TIME}, and invokes the migrations function`,
  );
  justify(
    handler,
    "Serverless-LambdaDLQ",
    "SST v2's Script handler is invoked by CloudFormation, which waits for its answer: a failure fails and rolls back the deploy, so nothing is lost for a dead-letter queue to keep",
  );
  justifyBasicExecution(handler, "SST v2's Script handler");
  const fnId = stack.getLogicalId(fn.node.defaultChild as CfnElement);
  justify(
    handler,
    `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*]`,
    "SST v2's Script handler may invoke the migrations function and its versions (CDK's grantInvoke), that one function only",
  );
  return script;
}
