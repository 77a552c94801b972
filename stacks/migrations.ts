// The deploy's data migrations (docs/decisions/024-migrations-on-deploy.md): SST's Script runs one
// function on every deploy of the stage (its create and every update: SST gives its custom
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
import { SEARCH_INDEX_KEY, UPLOADS_PREFIX } from "@shop/core/catalog";
import { MIGRATION_FILE } from "@shop/core/server/migrations";
import type { CfnElement } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import { type Bucket, Function as Fn, Script, type Stack, type Table } from "sst/constructs";
import { objectsOf, tableReadWrite } from "./permissions.ts";
import { justify, justifyBasicExecution, justifyFunction, SST_DEPLOY_TIME } from "./rule-packs.ts";

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

/** Lambda's longest timeout: the migrations stop a margin before it (functions/src/migrate.ts). */
export const MIGRATIONS_TIMEOUT_SECONDS = 900;

export function migrationsScript(
  stack: Stack,
  {
    table,
    images,
    search,
    environment,
  }: {
    table: Table;
    images: Bucket;
    search: Bucket;
    environment: Record<string, string>;
  },
) {
  const fn = new Fn(stack, "Migrations", {
    handler: writeMigrationsHandler(),
    environment: { ...environment, SHOP_FUNCTION: "migrations" },
    timeout: MIGRATIONS_TIMEOUT_SECONDS,
    memorySize: 1024,
    enableLiveDev: false,
  });
  fn.addToRolePolicy(tableReadWrite(table));
  // Migration 001 finds the accounts without the customers list's key with a Scan: never on a
  // request path, only here (docs/architecture.md §2).
  fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ["dynamodb:Scan"], resources: [table.tableArn] }),
  );
  // Migration 003 copies old photos onto themselves (HeadObject, CopyObject), so S3 notifies the
  // image-variants function of them.
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ["s3:GetObject", "s3:PutObject"],
      resources: [`${images.bucketArn}/${UPLOADS_PREFIX}*`],
    }),
  );
  // The published search index: its version read, the index written.
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ["s3:GetObject", "s3:PutObject"],
      resources: [`${search.bucketArn}/${SEARCH_INDEX_KEY}`],
    }),
  );
  const script = new Script(stack, "MigrationsScript", { onCreate: fn, onUpdate: fn });
  justifyFunction(
    fn,
    `run by SST's Script on every deploy (a synchronous invocation from the deploy's custom resource; a failure fails the deploy)`,
  );
  justify(
    fn,
    `AwsSolutions-IAM5[${objectsOf(images, UPLOADS_PREFIX)}]`,
    "copies the shop's own product photos under products/ onto themselves (named by product and upload) so that S3 notifies the image-variants function of photos uploaded before it",
  );
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
  return { fn, script };
}
