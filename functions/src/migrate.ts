// Lambda, run by the deploy (SST's Script, on every create and update of the stage: stacks/migrations.ts):
// applies the pending data migrations (core/src/migrations), page by page until a margin before
// the function's timeout (the next deploy goes on from the last page recorded), then publishes the
// catalogue's search index if the one published is older (docs/decisions/021-search.md). A failing
// migration fails the deploy, naming it; so does one that stopped at the deadline or that another
// run holds, with the next step (the functions and the site wait on this one: stacks/Events.ts). Its handler is written at synthesis with one import per
// migration file; `migrateOnDeploy` is what that handler calls. It logs through Powertools'
// Logger as every function does (./lambda/observability.ts): JSON lines with the request id.
import { publishSearchIndex } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import {
  type Migration,
  namedMigrations,
  runMigrations,
  unfinishedMigrations,
} from "@shop/core/server/migrations";
import type { Context as LambdaContext } from "aws-lambda";
import { instrumented, logLine } from "./lambda/observability.ts";

/** Time kept back from the function's timeout: no page starts within it (a page takes seconds). */
export const PAGE_MARGIN_MS = 120_000;

export function migrateOnDeploy(modules: Record<string, Migration>) {
  const migrations = namedMigrations(modules);
  return instrumented("migrations", async (_event: unknown, lambda?: LambdaContext) => {
    const ctx = getContext();
    const remaining = lambda?.getRemainingTimeInMillis() ?? 15 * 60_000;
    const outcomes = await runMigrations(ctx, migrations, {
      deadline: Date.now() + remaining - PAGE_MARGIN_MS,
      log: (message) => logLine("info", message, { event: "migration" }),
    });
    const unfinished = unfinishedMigrations(outcomes, ctx.config.stage);
    if (unfinished) {
      logLine("error", unfinished, { event: "deploy.unmigrated", outcomes });
      throw new Error(unfinished);
    }
    const searchIndex = await publishSearchIndex(ctx);
    logLine("info", "deploy migrated", { event: "deploy.migrated", outcomes, searchIndex });
    return { outcomes, searchIndex };
  });
}
