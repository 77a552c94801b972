// Starts the whole shop exactly as `npm start` does (scripts/dev.ts), but on a free port and with
// its data in a temporary folder, so end-to-end tests exercise what a newcomer runs.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listAllStock, saveStock } from "@shop/core/server/inventory";
import { freePort, REPO_ROOT, waitFor } from "@shop/local-cloud";
import { shopContext } from "./support/shop";

export default async function globalSetup() {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "shop-e2e-"));
  const baseURL = `http://127.0.0.1:${port}`;
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
        // The shared-cache stand-in in front of the shop, purged by the stream as CloudFront
        // is on AWS (tests/edge-cache.spec.ts reads the storefront through it).
        EDGE_CACHE_PORT: "0",
        TRUST_PROXY: "1",
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
  process.env.E2E_CACHE_URL = /Edge cache\s+(\S+)/.exec(output)?.[1] ?? "";
  // The running shop's cloud (endpoints, table), so tests can arrange data through core.
  const state = JSON.parse(await readFile(join(dataDir, "cloud.json"), "utf8")) as { env: object };
  process.env.E2E_CLOUD_ENV = JSON.stringify(state.env);
  // The journeys buy the seeded products again and again (both widths, retries): every size
  // gets 1,000 more units, so no test runs out because another bought the last one. The tests
  // about stock make products of their own.
  const ctx = shopContext();
  for (const [productId, counts] of await listAllStock(ctx)) {
    const edits = Object.keys(counts).map((size) => ({ size, shown: 0, typed: 1000 }));
    await saveStock(ctx, productId, edits);
  }

  return async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  };
}
