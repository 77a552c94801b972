// Starts the local cloud for the developer entry points (npm start, npm run seed), with data under
// .data/ and the ports from the environment (0 or unset = a free port; the mailbox is 8005, the
// metrics page 8006).
// While it runs, .data/cloud.json says where it is, so `npm run seed` can use it.
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { LOCAL_DEFAULTS } from "@shop/core/server/context";
import { type LocalCloud, REPO_ROOT, startLocalCloud } from "@shop/local-cloud";

/** Local data: .data/ (DATA_DIR overrides, e.g. a temporary folder for end-to-end tests). */
// The AWS SDK warns in every process about Node < 22; the lockfile pins versions that run on 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

export const DATA_DIR = process.env.DATA_DIR || join(REPO_ROOT, ".data");
const STATE_FILE = join(DATA_DIR, "cloud.json");

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number, got ${process.env[name]}`);
  }
  return value;
};

export async function startDevCloud(log: (line: string) => void): Promise<LocalCloud> {
  const cloud = await startLocalCloud({
    dataDir: DATA_DIR,
    ports: {
      dynamodb: port("DYNAMODB_PORT", 0),
      s3: port("S3_PORT", 0),
      ses: port("SES_PORT", 8005),
      metrics: port("METRICS_PORT", 8006),
    },
    tableName: process.env.TABLE_NAME || "shop",
    log,
  });
  await writeFile(STATE_FILE, JSON.stringify({ pid: process.pid, env: cloud.env }));
  const stop = cloud.stop;
  cloud.stop = async () => {
    await rm(STATE_FILE, { force: true });
    await stop();
  };
  return cloud;
}

/** The env of a local cloud that `npm start` is running now, if any. */
export async function runningCloudEnv(): Promise<Record<string, string> | null> {
  if (!existsSync(STATE_FILE)) return null;
  const state = JSON.parse(await readFile(STATE_FILE, "utf8")) as {
    pid: number;
    env: Record<string, string>;
  };
  try {
    process.kill(state.pid, 0);
    return state.env;
  } catch {
    return null;
  }
}

/** What the local cloud and the local defaults provide in place of a stage's stacks. */
export const LOCAL_CLOUD_SETTINGS = {
  ...LOCAL_DEFAULTS,
  IMAGES_BASE_URL: `http://127.0.0.1/${LOCAL_DEFAULTS.IMAGES_BUCKET}`,
};

/** Local defaults every entry point shares. */
export function applyLocalDefaults(env: Record<string, string>) {
  Object.assign(process.env, env);
  // On a laptop the payments go through the local test gateway unless Stripe is configured: the
  // setting is explicit here, never a fallback (a deployed stage refuses to guess).
  const laptop = (process.env.STAGE || "local") === "local";
  if (laptop && !process.env.PAYMENTS && !process.env.STRIPE_SECRET_KEY) {
    process.env.PAYMENTS = "test";
  }
  process.env.SEED_ADMIN_PASSWORD ||= "admin1234";
  process.env.SEED_CUSTOMER_PASSWORD ||= "customer1234";
}
