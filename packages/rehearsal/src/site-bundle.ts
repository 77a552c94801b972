// A Remix site's server bundled exactly as `sst deploy` bundles the shop's: SST's own RemixSite
// (its regional-server.js wrapper beside the Remix build, its polyfill injected), SsrSite's
// function props (ESM, then the stage's BUNDLE: minified, node target, split at every dynamic
// import, the credentials alias) and SST's Node bundler (its esbuild, banner, keepNames and
// mainFields), synthesized in an app of one stack that holds nothing but the site, then read
// back from the cloud assembly as the rehearsal reads its stage (deploy.ts). The shop's site is
// stacks/Web.ts's ShopSite, with its guarded handler; another site (the bare Remix page of the
// cold-start benchmark, scripts/lib/bench-cold.ts) is SST's RemixSite as it comes.
//
// Only the site is bundled (seconds), not the whole stage with its dozen functions (the
// rehearsal's synthesizeStage), and the site's Remix build is not run again: like the
// rehearsal's synthesis (SST's test mode), it bundles the build that is there.
//
// SST keeps its project and its functions in module state, one app a process: run
// `bundleSiteServer` in a process of its own, as `siteBundleInChild` does.
import { execFile } from "node:child_process";
import { cp, mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { REPO_ROOT } from "@shop/local-cloud";
import { readAssembly } from "./deploy.ts";
import { REHEARSAL_STAGE } from "./synth.ts";

export interface SiteBundle {
  /** The bundle's folder: the handler's file and its chunks. */
  codeDir: string;
  /** Lambda's handler setting ("dir/file.export"), relative to codeDir. */
  handler: string;
  runtime: string;
}

/** The shop's site (web/, ShopSite) or a Remix app at `path` (SST's RemixSite). */
export type SiteToBundle = { shop: true } | { shop?: false; path: string };

/** Bundles the site's server as the synthesis does and copies the bundle into `outDir`. */
export async function bundleSiteServer(site: SiteToBundle, outDir: string): Promise<SiteBundle> {
  process.env.SST_TELEMETRY_DISABLED = "1";
  // SST's test mode: no AWS look-ups and no `npm run build` of the site (its build is used).
  process.env.NODE_ENV = "test";
  const { initProject } = await import("sst/project.js");
  const { App, RemixSite } = await import("sst/constructs");
  const { default: config } = await import("../../../sst.config.ts");
  const { BUNDLE, RUNTIME } = await import("../../../stacks/stage.ts");
  const { ShopSite } = await import("../../../stacks/Web.ts");
  const { OFFLINE_ACCOUNT } = await import("../../../stacks/synth.ts");
  process.chdir(REPO_ROOT);
  await initProject({ stage: REHEARSAL_STAGE });
  const { name, region } = config.config();
  const app = new App({
    mode: "deploy",
    stage: REHEARSAL_STAGE,
    name,
    region,
    account: OFFLINE_ACCOUNT,
  });
  const Site = site.shop ? ShopSite : RemixSite;
  const path = site.shop ? "web" : site.path;
  app.stack(function SiteOnly({ stack }) {
    // What bundling reads of stacks/Web.ts's props: the path, the runtime and BUNDLE.
    new Site(stack, "Site", { path, runtime: RUNTIME, nodejs: BUNDLE });
  });
  await app.finish();
  const assembly = app.synth();
  const stacks = await readAssembly(
    assembly.directory,
    assembly.stacks.map((s) => s.stackName),
  );
  for (const stack of stacks) {
    for (const resource of Object.values(stack.template.Resources)) {
      const p = resource.Properties ?? {};
      if (
        resource.Type !== "AWS::Lambda::Function" ||
        !String(p.Handler).endsWith("server.handler")
      ) {
        continue;
      }
      const codeDir = stack.assets.get(String((p.Code as { S3Key?: unknown }).S3Key));
      if (!codeDir) throw new Error(`the site's server has no code asset in the synthesis`);
      await rm(outDir, { recursive: true, force: true });
      await mkdir(outDir, { recursive: true });
      await cp(codeDir, outDir, { recursive: true });
      return { codeDir: outDir, handler: String(p.Handler), runtime: String(p.Runtime) };
    }
  }
  throw new Error("the synthesis has no server function for the site");
}

const SELF = fileURLToPath(import.meta.url);

/** `bundleSiteServer` in a fresh process (SST's state is per process); answers the bundle. */
export async function siteBundleInChild(site: SiteToBundle, outDir: string): Promise<SiteBundle> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", SELF, JSON.stringify(site), outDir],
    { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024, env: { ...process.env } },
  );
  const last = stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as SiteBundle;
}

if (process.argv[1] === SELF) {
  const [site, outDir] = process.argv.slice(2);
  const bundle = await bundleSiteServer(
    JSON.parse(site ?? "{}") as SiteToBundle,
    join(outDir ?? ""),
  );
  console.log(JSON.stringify(bundle));
  process.exit(0);
}
