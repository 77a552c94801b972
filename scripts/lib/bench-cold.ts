// The site's cold start next to a bare Remix page's, in one run (docs/decisions/022-lean-bundles.md):
// both servers bundled as the synthesis bundles the site (packages/rehearsal/src/site-bundle.ts:
// SST's RemixSite wrapper and polyfill, the stage's BUNDLE, SST's esbuild), both started as the
// rehearsal starts a Lambda (packages/rehearsal/src/lambda.ts: a fresh Node process loading the
// bundle like Lambda's Node.js runtime, the handler called with a function URL event), in
// alternating fresh processes, each timed from its spawn to the first answer of /product, split
// into the import (Node's start, the bundle's parse and its top-level work, which for the shop
// includes reading its secrets from the parameter store) and the first answer.
//
// The shop's side runs with a production stage's settings (the rehearsal's DEPLOY_SETTINGS,
// Stripe payments, its secrets and the origin secret read from a parameter store at start, as on
// AWS) against the seeded local cloud it is given; the bare page has no store behind it.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { BOUND_SECRETS, SITE_SETTINGS, settingsOf } from "@shop/core/server/context";
import { REPO_ROOT } from "@shop/local-cloud";
import { eagerBytes, handlerFile, SITE_BUDGET_BYTES } from "@shop/rehearsal/budgets";
import type { DeployedFunction } from "@shop/rehearsal/deploy";
import { functionUrlEvent, functionUrlResponse } from "@shop/rehearsal/function-url";
import { LambdaFunction } from "@shop/rehearsal/lambda";
import { type SiteBundle, type SiteToBundle, siteBundleInChild } from "@shop/rehearsal/site-bundle";
import { SECRET_REFERENCE_PREFIX, startParameterStore } from "@shop/rehearsal/stand-ins";
import { DEPLOY_SETTINGS, REHEARSAL_STAGE } from "@shop/rehearsal/synth";

/**
 * The target: a cold start of the shop's site at most this many times the bare page's. 2× since
 * the AWS SDK v3 clients stay (docs/decisions/022-lean-bundles.md "The target").
 */
export const COLD_START_RATIO_TARGET = 2;
export const BARE_REMIX = join(REPO_ROOT, "packages", "bare-remix");
const MB = 1024 * 1024;
/** The app's name in sst.config.ts: SST's parameter paths start with it. */
const APP = "threadline";
const SSM_PREFIX = `/sst/${APP}/${REHEARSAL_STAGE}/`;
const ORIGIN_SECRET_NAME = `${APP}/${REHEARSAL_STAGE}/origin-secret`;
/** A function URL's domain, as CloudFront calls it. */
const URL_DOMAIN = "benchcoldstart.lambda-url.eu-west-1.on.aws";
/** SST's viewer-request function copies the viewer's Host here (regional-server.js reads it). */
const VIEWER_HOST = new URL(DEPLOY_SETTINGS.APP_URL).host;

export interface ColdRun {
  importMs: number;
  firstAnswerMs: number;
  totalMs: number;
  /** The processor time (every thread) the process used to its answer: what load changes least. */
  cpuMs: number;
}

export interface ColdSide {
  name: string;
  bundle: SiteBundle;
  eagerBytes: number;
  files: number;
  runs: ColdRun[];
}

export interface ColdComparison {
  shop: ColdSide;
  bare: ColdSide;
  /** Median total of the shop over the bare page's. */
  ratio: number;
  lines: string[];
  passed: boolean;
}

export interface ColdOptions {
  /** The seeded local cloud's environment (scripts/lib/cloud.ts: cloud.json's env). */
  cloudEnv: Record<string, string>;
  /** Fresh processes of each side (at least 7). */
  runs: number;
  workDir: string;
  log: (line: string) => void;
  /** The Node.js binary both sides' Lambda environments run on (BENCH_NODE); this one's if unset. */
  nodeBinary?: string;
  /**
   * BENCH_COMPILE_CACHE=dir: both sides run with Node's compile cache (Node 22+, NODE_COMPILE_CACHE)
   * in dir/shop and dir/bare, filled by the unrecorded first start of each: what V8's code cache
   * shipped with a bundle would save (docs/decisions/022-lean-bundles.md).
   */
  compileCacheDir?: string;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** The secrets' values a stage would hold, as the rehearsal makes them up. */
function secretValue(name: string): string {
  if (name === "STRIPE_SECRET_KEY") return "sk_test_bench";
  if (name === "STRIPE_PUBLISHABLE_KEY") return "pk_test_bench";
  if (name === "STRIPE_WEBHOOK_SECRET") return `whsec_${randomBytes(24).toString("hex")}`;
  return randomBytes(36).toString("base64url");
}

/** Builds the bare page's Remix app if it has no build yet (a few seconds). */
export async function ensureBareBuild(log: (line: string) => void) {
  if (existsSync(join(BARE_REMIX, "build", "server", "index.js"))) return;
  log("  building the bare Remix page (packages/bare-remix)…");
  const { execFileSync } = await import("node:child_process");
  execFileSync("npm", ["run", "build", "-w", "@shop/bare-remix"], {
    cwd: REPO_ROOT,
    stdio: "ignore",
  });
}

async function bundle(name: string, site: SiteToBundle, outDir: string, log: ColdOptions["log"]) {
  const started = Date.now();
  const bundled = await siteBundleInChild(site, outDir);
  const eager = await eagerBytes(handlerFile(bundled));
  log(
    `  ${name}: ${(eager.bytes / MB).toFixed(2)} MB in ${eager.files} file${eager.files === 1 ? "" : "s"} before its first answer (bundled in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { bundled, eager };
}

export async function coldStartComparison(options: ColdOptions): Promise<ColdComparison> {
  const { log, cloudEnv } = options;
  if (!existsSync(join(REPO_ROOT, "web", "build", "server", "index.js"))) {
    throw new Error("web/build is missing: run `npm run build` first");
  }
  await ensureBareBuild(log);
  // BENCH_CPU_PROF=dir: every cold start writes a V8 CPU profile (./cpu-profile.cjs) under
  // dir/shop and dir/bare, and both bundles (with their source maps) are kept under dir/bundles:
  // `npx tsx scripts/cpu-profile-summary.ts dir` sums them up by package.
  const profileDir = process.env.BENCH_CPU_PROF;
  const bundlesDir = profileDir ? join(profileDir, "bundles") : options.workDir;
  log("Bundling both servers as the synthesis bundles the site (SST's RemixSite, BUNDLE)…");
  const shopBundle = await bundle("the shop's site", { shop: true }, join(bundlesDir, "shop"), log);
  const bareBundle = await bundle(
    "the bare Remix page",
    { path: "packages/bare-remix" },
    join(bundlesDir, "bare"),
    log,
  );

  // The stage's parameter store: the site's SST secrets and the origin secret's reference.
  const originSecret = randomBytes(24).toString("hex");
  const parameters = new Map<string, string>();
  const siteSecrets = settingsOf(SITE_SETTINGS, "stripe")
    .filter(([name, setting]) => setting.source === "secret" && BOUND_SECRETS.includes(name))
    .map(([name]) => name);
  for (const name of siteSecrets) {
    parameters.set(`${SSM_PREFIX}Secret/${name}/value`, secretValue(name));
  }
  parameters.set(
    `${SECRET_REFERENCE_PREFIX}${ORIGIN_SECRET_NAME}`,
    JSON.stringify({ current: originSecret, previous: "" }),
  );
  const ssm = await startParameterStore(parameters);
  const logDir = join(options.workDir, "logs");
  await mkdir(logDir, { recursive: true });

  const lambda = (name: string, bundled: SiteBundle, environment: Record<string, string>) =>
    ({
      stack: "bench",
      logicalId: name,
      name,
      handler: bundled.handler,
      runtime: bundled.runtime,
      timeoutSeconds: 30,
      memoryMb: 1024,
      codeDir: bundled.codeDir,
      environment,
      statements: [],
    }) satisfies DeployedFunction;
  const shopFn = lambda("ShopSite", shopBundle.bundled, {
    // What the stacks give the site (stacks/Events.ts, stacks/Web.ts), on the local cloud.
    STAGE: REHEARSAL_STAGE,
    NODE_ENV: "production",
    SHOP_FUNCTION: "site",
    TABLE_NAME: cloudEnv.TABLE_NAME ?? "shop",
    INVOICES_BUCKET: cloudEnv.INVOICES_BUCKET ?? "",
    IMAGES_BUCKET: cloudEnv.IMAGES_BUCKET ?? "",
    SEARCH_BUCKET: cloudEnv.SEARCH_BUCKET ?? "",
    IMAGES_BASE_URL: `https://images.${VIEWER_HOST}`,
    ...DEPLOY_SETTINGS,
    PAYMENTS: "stripe",
    SHOP_TIME_ZONE: "UTC",
    TRUST_PROXY: "1",
    ORIGIN_SECRET_PARAMETER: `${SECRET_REFERENCE_PREFIX}${ORIGIN_SECRET_NAME}`,
    SST_APP: APP,
    SST_STAGE: REHEARSAL_STAGE,
    SST_SSM_PREFIX: SSM_PREFIX,
    ...Object.fromEntries(
      siteSecrets.map((name) => [`SST_Secret_value_${name}`, "__FETCH_FROM_SSM__"]),
    ),
  });
  const shopAdditions = {
    DYNAMODB_ENDPOINT: cloudEnv.DYNAMODB_ENDPOINT ?? "",
    S3_ENDPOINT: cloudEnv.S3_ENDPOINT ?? "",
    SES_ENDPOINT: cloudEnv.SES_ENDPOINT ?? "",
    AWS_ENDPOINT_URL_SSM: ssm.url,
  };
  const bareFn = lambda("BareRemix", bareBundle.bundled, { NODE_ENV: "production" });
  // What each side's processes get for profiling (BENCH_CPU_PROF) or for the compile cache
  // (BENCH_COMPILE_CACHE).
  const measuring = (side: string): Record<string, string> =>
    profileDir
      ? {
          NODE_OPTIONS: `--require ${join(REPO_ROOT, "scripts", "lib", "cpu-profile.cjs")}`,
          CPU_PROFILE_DIR: join(profileDir, side),
          LAMBDA_CHILD_EXIT_AFTER_INVOKE: "1",
        }
      : options.compileCacheDir
        ? {
            // The child exits after its answer, so that Node writes the cache.
            NODE_COMPILE_CACHE: join(options.compileCacheDir, side),
            LAMBDA_CHILD_EXIT_AFTER_INVOKE: "1",
          }
        : {};

  const event = (headers: Record<string, string>) =>
    functionUrlEvent({
      method: "GET",
      url: "/product",
      headers: {
        accept: "text/html",
        "accept-encoding": "gzip, br",
        "user-agent": "Mozilla/5.0 (bench cold start)",
        "x-forwarded-host": VIEWER_HOST,
        "cloudfront-viewer-address": "203.0.113.7:443",
        ...headers,
      },
      sourceIp: "130.176.0.1",
      domainName: URL_DOMAIN,
    });

  const coldStart = async (
    fn: DeployedFunction,
    additions: Record<string, string>,
    headers: Record<string, string>,
  ) => {
    const instance = new LambdaFunction(fn, additions, logDir, 1, options.nodeBinary);
    try {
      const invocation = await instance.invoke(event(headers));
      if (invocation.error) {
        throw new Error(
          `${fn.logicalId}: ${invocation.error.errorType}: ${invocation.error.errorMessage} (log: ${instance.logFile})`,
        );
      }
      const response = functionUrlResponse(invocation.result);
      const body = response.body.toString("utf8");
      if (response.statusCode !== 200 || !body.includes("</html>")) {
        throw new Error(
          `${fn.logicalId}: GET /product answered ${response.statusCode}: ${body.slice(0, 200)} (log: ${instance.logFile})`,
        );
      }
      const totalMs = invocation.coldStartMs ?? invocation.durationMs;
      const importMs = invocation.importMs ?? 0;
      const cpuMs = invocation.coldStartCpuMs ?? 0;
      return { importMs, firstAnswerMs: totalMs - importMs, totalMs, cpuMs };
    } finally {
      await instance.stop();
    }
  };

  const shop: ColdSide = {
    name: "shop (/product, seeded table)",
    bundle: shopBundle.bundled,
    eagerBytes: shopBundle.eager.bytes,
    files: shopBundle.eager.files,
    runs: [],
  };
  const bare: ColdSide = {
    name: "bare Remix page (/product)",
    bundle: bareBundle.bundled,
    eagerBytes: bareBundle.eager.bytes,
    files: bareBundle.eager.files,
    runs: [],
  };
  const runShop = async () =>
    shop.runs.push(
      await coldStart(
        shopFn,
        { ...shopAdditions, ...measuring("shop") },
        { "x-origin-verify": originSecret },
      ),
    );
  const runBare = async () => bare.runs.push(await coldStart(bareFn, measuring("bare"), {}));
  try {
    log(`Cold starts: ${options.runs} fresh processes of each, alternating…`);
    // One unrecorded start of each: the file system's cache, as a deployed bundle would be read.
    await runShop();
    await runBare();
    shop.runs.length = 0;
    bare.runs.length = 0;
    for (let i = 0; i < options.runs; i++) {
      if (i % 2 === 0) {
        await runShop();
        await runBare();
      } else {
        await runBare();
        await runShop();
      }
      log(
        `  [${i + 1}/${options.runs}] shop ${shop.runs.at(-1)?.totalMs.toFixed(0)} ms, bare ${bare.runs.at(-1)?.totalMs.toFixed(0)} ms`,
      );
    }
  } finally {
    await new Promise((resolve) => ssm.server.close(resolve));
  }
  return report(shop, bare);
}

/** The table and the verdicts: the ratio of the medians, the shop's bundle against its budget. */
export function report(shop: ColdSide, bare: ColdSide): ColdComparison {
  const total = (side: ColdSide) => median(side.runs.map((r) => r.totalMs));
  const ratio = total(shop) / total(bare);
  const cpu = (side: ColdSide) => median(side.runs.map((r) => r.cpuMs));
  const cpuRatio = cpu(shop) / cpu(bare);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const range = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
  const row = (side: ColdSide) => {
    const pick = (key: keyof ColdRun) => side.runs.map((r) => r[key]);
    return [
      side.name,
      `${(side.eagerBytes / MB).toFixed(2)} MB (${side.files})`,
      ms(median(pick("importMs"))),
      ms(median(pick("firstAnswerMs"))),
      ms(median(pick("totalMs"))),
      range(pick("totalMs")),
      ms(median(pick("cpuMs"))),
    ];
  };
  const headers = [
    "cold start",
    "bundle (files)",
    "import",
    "first answer",
    "total",
    "range",
    "CPU",
  ];
  const rows = [row(shop), row(bare)];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join("  ");
  const ratioOk = ratio <= COLD_START_RATIO_TARGET;
  const sizeOk = shop.eagerBytes <= SITE_BUDGET_BYTES;
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  const lines = [
    `Cold start, spawn to the first answer of /product through the Lambda handler (function URL event); medians of ${shop.runs.length} fresh processes each, alternating:`,
    line(headers),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(line),
    `${verdict(ratioOk)}  the shop's cold start is ${ratio.toFixed(2)}× the bare Remix page's (target ≤ ${COLD_START_RATIO_TARGET}×)`,
    `      in processor time (every thread, to the answer; what a busy machine changes least): ${cpuRatio.toFixed(2)}×`,
    `${verdict(sizeOk)}  the shop's bundle: ${(shop.eagerBytes / MB).toFixed(2)} MB before its first answer (target ≤ ${(SITE_BUDGET_BYTES / MB).toFixed(1)} MB)`,
  ];
  return { shop, bare, ratio, lines, passed: ratioOk && sizeOk };
}
