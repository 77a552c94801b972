// Starts the whole shop exactly as `npm start` does (scripts/dev.ts), but on a free port and with
// its data in a temporary folder, so end-to-end tests exercise what a newcomer runs.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listAllStock, saveStock } from "@shop/core/server/inventory";
import { freePort, REPO_ROOT, waitFor } from "@shop/local-cloud";
import { shopContext } from "./support/shop";

export default async function globalSetup() {
  const port = await freePort();
  let edgePort = await freePort();
  while (edgePort === port) edgePort = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "shop-e2e-"));
  // The guarded origin's secret for this run: the shared-cache stand-in adds it as CloudFront
  // does; a test that reaches a web server directly sends it (support/origin.ts).
  const originSecret = randomBytes(24).toString("hex");
  process.env.E2E_ORIGIN_SECRET = originSecret;
  // Every test reads the shop through the shared-cache stand-in, as visitors reach the deployed
  // shop through CloudFront: public pages are kept for an hour and purged by the table's stream.
  const baseURL = `http://127.0.0.1:${edgePort}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "scripts", "dev.ts")],
    {
      cwd: REPO_ROOT,
      // TRUST_PROXY: the tests play CloudFront; each test's CloudFront-Viewer-Address is its own client
      // address, so abuse limits count per test, as they would per visitor behind CloudFront.
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SES_PORT: "0",
        METRICS_PORT: "0",
        // The shared-cache stand-in in front of the shop, purged by the stream as CloudFront
        // is on AWS. The shop's public URL is the cache's, as it is CloudFront's on AWS.
        EDGE_CACHE_PORT: String(edgePort),
        APP_URL: `http://localhost:${edgePort}`,
        TRUST_PROXY: "1",
        ORIGIN_SECRET: originSecret,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  try {
    await waitFor("the shop to start", 180_000, async () => {
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      return output.includes("The shop is running");
    });
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const mailbox = /Mailbox\s+(\S+)/.exec(output)?.[1] ?? "";
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAILBOX_URL = mailbox;
  process.env.E2E_CACHE_URL = baseURL;
  // The site itself, behind the cache (a test that must see the origin's own answer).
  process.env.E2E_SITE_URL = `http://127.0.0.1:${port}`;
  // The running shop's cloud (endpoints, table), so tests can arrange data through core.
  const state = JSON.parse(await readFile(join(dataDir, "cloud.json"), "utf8")) as { env: object };
  process.env.E2E_CLOUD_ENV = JSON.stringify(state.env);
  // The journeys buy the seeded products again and again (both widths, retries): every size
  // variant gets 1,000 more units, so no test runs out because another bought the last one. The tests
  // about stock make products of their own.
  const ctx = shopContext();
  for (const [productId, counts] of await listAllStock(ctx)) {
    const edits = Object.keys(counts).map((key) => ({ key, shown: 0, typed: 1000 }));
    await saveStock(ctx, productId, edits);
  }

  // The deploy's smoke test (scripts/smoke.ts), as `npm run smoke -- --url …` runs it against a
  // stage, here against the shop through its cache stand-in: a few requests, so `npm test` proves
  // the smoke test itself on every run.
  const smoke = spawnSync(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "scripts", "smoke.ts"), "--url", baseURL],
    { cwd: REPO_ROOT, encoding: "utf8", timeout: 60_000 },
  );
  if (smoke.status !== 0) {
    child.kill("SIGKILL");
    throw new Error(
      `the smoke test failed against the local shop:\n${smoke.stdout}${smoke.stderr}`,
    );
  }

  return async () => {
    // What the shared-cache stand-in said about the site (unreachable, a cookie on a shared
    // page): printed, so a run's failures can be read beside it.
    const said = output.split("\n").filter((line) => line.includes("shared cache:"));
    if (said.length > 0) console.log(`The shared cache said:\n${said.slice(-20).join("\n")}`);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  };
}
