// npm run customers:backfill: gives accounts created before the admin's customers list the key
// that lists them (core/src/customers/backfill.server.ts). Runs once per table: a mark records
// that it is done, and later runs cost one read. The seed runs it locally. Upgrading a stage needs
// it no more: every deploy applies migration 001, which does the same page by page
// (docs/decisions/024-migrations-on-deploy.md); by hand, set STAGE and TABLE_NAME as the stage has
// them, with AWS credentials.

import { createContext } from "@shop/core/server/context";
import { backfillCustomerIndex } from "@shop/core/server/customers";
import { applyLocalDefaults, runningCloudEnv, startDevCloud } from "./lib/cloud.ts";

const deployed = (process.env.STAGE || "local") !== "local";
const running = deployed ? null : await runningCloudEnv();
const cloud = deployed || running ? null : await startDevCloud(console.log);
if (!deployed) applyLocalDefaults(running ?? cloud?.env ?? {});
try {
  const ctx = createContext();
  const updated = await backfillCustomerIndex(ctx);
  console.log(
    updated > 0
      ? `${ctx.tableName}: ${updated} accounts added to the customers list.`
      : `${ctx.tableName}: every account is already in the customers list.`,
  );
} finally {
  await cloud?.stop();
}
