// Vitest global setup for integration tests: one local cloud for the run, on free ports, with
// DynamoDB in memory and S3 data in a temporary folder. Tests read its env with inject("cloud").
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalCloud } from "./index.ts";

declare module "vitest" {
  export interface ProvidedContext {
    cloud: { env: Record<string, string>; mailboxUrl: string; dataDir: string };
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), "shop-test-"));
  const cloud = await startLocalCloud({ dataDir, inMemory: true, tableName: "shop-test" });
  project.provide("cloud", { env: cloud.env, mailboxUrl: cloud.mailboxUrl, dataDir });
  return async () => {
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
