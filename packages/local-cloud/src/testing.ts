// For integration tests: a Context on a table of its own (created fresh in the test run's local
// cloud, so test files never see each other's data), with a counter of table round trips.
import { randomUUID } from "node:crypto";
import { type Context, createContext, loadConfig } from "@shop/core/server/context";
import { inject } from "vitest";
import { ensureTable } from "./index.ts";

export interface TestContext {
  ctx: Context;
  env: Record<string, string>;
  /** Number of DynamoDB requests sent through ctx.db since the last reset. */
  tableCalls(): number;
  resetTableCalls(): void;
}

export async function createTestContext(): Promise<TestContext> {
  const { env: cloudEnv } = inject("cloud");
  const tableName = `t-${randomUUID().slice(0, 8)}`;
  const env: Record<string, string> = { ...cloudEnv, TABLE_NAME: tableName };
  const dynamodbEndpoint = env.DYNAMODB_ENDPOINT;
  if (!dynamodbEndpoint) throw new Error("the integration global setup did not start a cloud");
  await ensureTable(dynamodbEndpoint, tableName);
  const ctx = createContext(loadConfig(env));
  let calls = 0;
  ctx.db.middlewareStack.add(
    (next) => async (args) => {
      calls++;
      return next(args);
    },
    { step: "initialize", name: "countTableCalls" },
  );
  return {
    ctx,
    env,
    tableCalls: () => calls,
    resetTableCalls: () => {
      calls = 0;
    },
  };
}
