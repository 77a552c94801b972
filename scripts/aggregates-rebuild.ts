// npm run aggregates:rebuild: recomputes the sales aggregates of the admin's dashboard from the
// orders (core/src/insights/rebuild.server.ts), as a repair. Upgrading a stage needs it no more:
// the deploy's migration 004 rebuilt them once (docs/decisions/024-migrations-on-deploy.md).
// Uses the local cloud that `npm start` runs, or starts one for the duration. For a deployed
// stage, set STAGE, TABLE_NAME and SHOP_TIME_ZONE as the stage has them, with AWS credentials.
import { createContext } from "@shop/core/server/context";
import { rebuildAggregates } from "@shop/core/server/insights";
import { applyLocalDefaults, runningCloudEnv, startDevCloud } from "./lib/cloud.ts";

const deployed = (process.env.STAGE || "local") !== "local";
const running = deployed ? null : await runningCloudEnv();
const cloud = deployed || running ? null : await startDevCloud(console.log);
if (!deployed) applyLocalDefaults(running ?? cloud?.env ?? {});
try {
  const ctx = createContext();
  console.log(
    `Rebuilding the sales aggregates of ${ctx.tableName} (days in ${ctx.config.timeZone})…`,
  );
  const started = Date.now();
  const done = await rebuildAggregates(ctx, { log: console.log });
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${done.orders} orders, ${done.days} days with sales, ${done.products} products sold, ${done.marks} recent transitions marked.`,
  );
} finally {
  await cloud?.stop();
}
