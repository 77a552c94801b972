// Vitest global setup for integration tests: one local cloud for the run, on free ports, with
// DynamoDB in memory and S3 data in a temporary folder. Tests read its env with inject("cloud").
// Both integration projects (vitest.config.ts) name this setup; they share one cloud, kept on
// globalThis (each project may load this module afresh), stopped when the last of them ends.
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

interface SharedCloud {
  started: Promise<{ cloud: Awaited<ReturnType<typeof startLocalCloud>>; dataDir: string }>;
  users: number;
}

const KEY = Symbol.for("shop.integration.cloud");
const shared = globalThis as typeof globalThis & { [KEY]?: SharedCloud };

async function start() {
  const dataDir = await mkdtemp(join(tmpdir(), "shop-test-"));
  const cloud = await startLocalCloud({ dataDir, inMemory: true, tableName: "shop-test" });
  return { cloud, dataDir };
}

export default async function setup(project: TestProject) {
  shared[KEY] ??= { started: start(), users: 0 };
  const entry = shared[KEY];
  entry.users++;
  const { cloud, dataDir } = await entry.started;
  project.provide("cloud", { env: cloud.env, mailboxUrl: cloud.mailboxUrl, dataDir });
  return async () => {
    entry.users--;
    if (entry.users > 0) return;
    shared[KEY] = undefined;
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
