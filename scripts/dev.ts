// npm start: the whole shop on this machine. Starts the local cloud (data in .data/), seeds it,
// applies the data migrations it has not yet (core/src/migrations), delivers domain events to the
// functions' handlers, runs the scheduled ones on timers (abandoned payments every minute),
// builds the web app when its sources changed, and serves it on http://localhost:3000 (PORT
// overrides). Ctrl+C stops everything.
// npm run dev (`--dev`): the same, but the web app is served from Vite's dev server instead of a
// build (NODE_ENV=development): a change to a route shows at once, hot-reloaded in the browser.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { createContext, loadConfig, SettingsError } from "@shop/core/server/context";
import {
  mailEventPlayer,
  REPO_ROOT,
  type SharedCache,
  startSharedCache,
  waitFor,
} from "@shop/local-cloud";
import { normaliseQuery } from "../web/server/edge-query.ts";
import { acceptedOriginSecrets, ORIGIN_HEADER } from "../web/server/origin-guard.ts";
import {
  applyLocalDefaults,
  DATA_DIR,
  LOCAL_CLOUD_SETTINGS,
  runningCloudEnv,
  startDevCloud,
} from "./lib/cloud.ts";
import { migrateLocalData } from "./lib/local-data.ts";
import { ADMIN_EMAIL, seed } from "./lib/seed.ts";

const log = (line: string) => console.log(line);
const DEV = process.argv.includes("--dev");
const started = Date.now();
const PORT = process.env.PORT || "3000";
/**
 * EDGE_CACHE_PORT: also serve the storefront through the shared-cache stand-in on this port (0
 * picks a free one), as CloudFront serves it on AWS: cached for an hour, purged by the stream
 * (docs/decisions/018-edge-cache.md). Off by default (README: Configuration).
 */
const EDGE_CACHE_PORT = process.env.EDGE_CACHE_PORT;
const HOST = process.env.HOST || "127.0.0.1";
/**
 * TRUST_PROXY=1 (the end-to-end tests): the site answers only requests carrying the origin
 * secret, as on AWS (web/server/origin-guard.ts); the shared-cache stand-in adds it, as
 * CloudFront does. ORIGIN_SECRET unset: a fresh one for this run.
 */
const ORIGIN_SECRET =
  process.env.TRUST_PROXY === "1"
    ? process.env.ORIGIN_SECRET || randomBytes(24).toString("hex")
    : undefined;
const [ORIGIN_VALUE] = acceptedOriginSecrets(ORIGIN_SECRET);
const originHeaders: Record<string, string> = ORIGIN_VALUE ? { [ORIGIN_HEADER]: ORIGIN_VALUE } : {};
const APP_URL = process.env.APP_URL || `http://localhost:${PORT}`;
const WEB = join(REPO_ROOT, "web");
const SERVER_BUILD = join(WEB, "build", "server", "index.js");
/** A package's CLI as the web app resolves it (npm may install it under web/node_modules). */
const webBin = (pkg: string, file: string) =>
  join(dirname(createRequire(join(WEB, "package.json")).resolve(`${pkg}/package.json`)), file);

// Production settings (NODE_ENV=production and a STAGE other than "local") are checked before
// anything starts: a missing or unsafe setting stops here, each one named on its own line. (The
// local cloud stands in for the stage's own resources: table, buckets.)
try {
  loadConfig({ ...LOCAL_CLOUD_SETTINGS, ...process.env, APP_URL });
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (await runningCloudEnv()) {
  console.error("The shop is already running in another terminal (see .data/cloud.json).");
  process.exit(1);
}

const children: ChildProcess[] = [];
let cloud: Awaited<ReturnType<typeof startDevCloud>> | undefined;
let edgeCache: SharedCache | undefined;
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log("\nStopping…");
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await edgeCache?.close().catch((e) => console.error(e));
  await cloud?.stop().catch((e) => console.error(e));
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, { ...options, stdio: "inherit" });
  children.push(child);
  return child;
}

/** Newest modification time under the given folders (the web app's sources and core's). */
async function newestSource(dirs: string[]): Promise<number> {
  let newest = 0;
  for (const dir of dirs) {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !entry.parentPath.includes("node_modules")) {
        newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return newest;
}

try {
  log("Starting the local cloud (DynamoDB Local, S3, SES)…");
  cloud = await startDevCloud(log);
  applyLocalDefaults(cloud.env);
  // The site and the functions send their metrics to the local cloud's metrics page.
  process.env.LOCAL_METRICS_URL = cloud.metrics.ingestUrl;
  const ctx = createContext();

  log("Seeding…");
  await seed(ctx, {
    adminPassword: process.env.SEED_ADMIN_PASSWORD ?? "",
    customerPassword: process.env.SEED_CUSTOMER_PASSWORD ?? "",
    log,
  });

  // Every function of the registry on its trigger (functions/src/registry.ts), as on AWS.
  const { localMailEventHandlers, localSchedules, localStreamHandlers, localUploadHandlers } =
    await import("@shop/local-cloud/functions");
  const deliver = await localStreamHandlers();
  await cloud.deliverEvents((records) => deliver({ Records: records as never }));
  // An admin's photo → its variants, by the function S3 invokes on AWS (docs/architecture.md §3).
  cloud.deliverUploads(await localUploadHandlers());

  // Data an older version wrote is brought up to date, as a deploy does (core/src/migrations,
  // docs/decisions/024-migrations-on-deploy.md): once per table, each migration recorded when
  // done; a photo without variants reaches the image-variants handler wired above.
  await migrateLocalData(ctx, log);

  // The local SES's bounces and complaints (a recipient ending in +bounce, +softbounce or
  // +complaint) → the mail-events function, every two seconds (docs/decisions/037-mail-reputation.md).
  const mailEvents = mailEventPlayer({
    mailboxUrl: cloud.mailboxUrl,
    deliver: await localMailEventHandlers(),
  });
  let playing = false;
  setInterval(() => {
    if (playing) return;
    playing = true;
    mailEvents
      .play()
      .catch((error) => console.error("Playing the local SES's mail events failed", error))
      .finally(() => {
        playing = false;
      });
  }, 2000).unref();

  // The scheduled functions (e.g. the sweep of abandoned payments), each on a timer; a run is
  // skipped while the last one is still going.
  for (const schedule of await localSchedules()) {
    let running = false;
    setInterval(() => {
      if (running) return;
      running = true;
      schedule
        .run()
        .catch((error) => console.error(`The scheduled ${schedule.name} failed`, error))
        .finally(() => {
          running = false;
        });
    }, schedule.everyMs).unref();
  }

  const sourcesChanged =
    !DEV &&
    (!existsSync(SERVER_BUILD) ||
      (await newestSource([join(WEB, "app"), join(REPO_ROOT, "core", "src")])) >
        statSync(SERVER_BUILD).mtimeMs);
  if (sourcesChanged) {
    log("Building the web app…");
    const build = run(process.execPath, [webBin("@remix-run/dev", "dist/cli.js"), "vite:build"], {
      cwd: WEB,
    });
    const code = await new Promise<number | null>((resolve) => build.once("exit", resolve));
    if (code !== 0) throw new Error("web build failed");
  }

  log("Starting the web server…");
  const web = run(process.execPath, ["--import", "tsx", join(WEB, "server.ts")], {
    cwd: WEB,
    env: {
      ...process.env,
      PORT,
      HOST,
      NODE_ENV: DEV ? "development" : "production",
      APP_URL,
      ...(ORIGIN_SECRET ? { ORIGIN_SECRET } : {}),
    },
  });
  web.once("exit", (code) => {
    if (!stopping) {
      console.error(`The web server stopped (exit code ${code}).`);
      void shutdown(1);
    }
  });
  await waitFor(`the web server on port ${PORT}`, 30_000, async () => {
    const res = await fetch(`http://127.0.0.1:${PORT}/healthz`, { headers: originHeaders }).catch(
      () => undefined,
    );
    return res?.ok === true;
  });

  if (EDGE_CACHE_PORT !== undefined) {
    edgeCache = await startSharedCache({
      origin: `http://127.0.0.1:${PORT}`,
      normaliseQuery,
      port: Number(EDGE_CACHE_PORT) || 0,
      originHeaders,
      // A shareable answer that sets a cookie is the site's bug: say which, once per URL.
      log,
    });
    const cache = edgeCache;
    cloud.cloudFront.onInvalidation((paths) => {
      cache.purge(paths);
    });
  }

  log(`
  The shop is running${DEV ? " (development: hot reload)" : ""}: http://localhost:${PORT}   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

  Admin        ${ADMIN_EMAIL} / ${process.env.SEED_ADMIN_PASSWORD}   (local use only)
  Customers    e.g. ana.garcia@example.com / ${process.env.SEED_CUSTOMER_PASSWORD}
  Mailbox      ${cloud.mailboxUrl}   (every e-mail the shop sends)
  Metrics      ${cloud.metrics.url}   (what each order emitted, the server time by kind of page)${edgeCache ? `\n  Edge cache   ${edgeCache.url}   (the storefront as CloudFront serves it)` : ""}
  Data         ${relative(REPO_ROOT, DATA_DIR).startsWith("..") ? DATA_DIR : `${relative(REPO_ROOT, DATA_DIR)}/`}  (kept across restarts; npm run reset wipes it)

  Press Ctrl+C to stop.
`);
} catch (error) {
  console.error(error);
  await shutdown(1);
}
