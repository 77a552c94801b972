// A cache of the functions' bundles for offline syntheses (./synth.ts: the infrastructure tests,
// the deploy rehearsal, `npm run synth`), never for `sst deploy`. SST bundles every function with
// esbuild on every synthesis, and that is most of one: about 30 s of processor time of its 37,
// for bundles that the same sources always make the same. The infrastructure tests synthesize
// half a dozen stages and the rehearsal one more: with the cache each bundle is made once, then
// copied (docs/decisions/049-test-loops-time.md).
//
// An entry is keyed by what SST bundles a function from: its handler, runtime, architecture and
// Node.js options (./stage.ts BUNDLE), and esbuild's version. It holds the bundle's files and is
// used only while every file the bundle was made from is as it was: the same size and
// modification time, or failing that the same content. Those files are the bundle's source maps'
// sources (every file esbuild read, or for a package with maps of its own, the sources those
// name; SST always writes the maps on a deploy's build), the manifests that decide how an import
// resolves (RESOLUTION_FILES: the lockfile pins every package's files) and patch-package's
// patches (patches/). A function whose options are not plain data (an esbuild plugin) is never
// cached.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { useRuntimeHandlers } from "sst/runtime/handlers.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CACHE_DIR = join(ROOT, "node_modules", ".cache", "shop-bundles");
/** Files that change how an import resolves without being a bundle's source. */
const RESOLUTION_FILES = [
  "package-lock.json",
  "tsconfig.json",
  "core/package.json",
  "functions/package.json",
  "web/package.json",
];

type Handlers = ReturnType<typeof useRuntimeHandlers>;
type RuntimeHandler = ReturnType<Handlers["for"]>;
type BuildInput = Parameters<RuntimeHandler["build"]>[0];
type Built = Awaited<ReturnType<RuntimeHandler["build"]>>;

/** A file as the cache saw it: its size, modification time and content's hash. */
type Seen = [size: number, mtimeMs: number, sha1: string];
interface Entry {
  /**
   * What SST's handler answered: the handler's path in the bundle, and the source map it uploads
   * (relative to the bundle's folder here).
   */
  built: Built;
  /** The bundle's sources and the resolution files, by absolute path. */
  sources: Record<string, Seen>;
}

const sha1 = (bytes: Buffer | string) => createHash("sha1").update(bytes).digest("hex");

async function seen(path: string): Promise<Seen | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return [info.size, info.mtimeMs, sha1(await readFile(path))];
}

/** Whether a file is still as it was seen (one touched but of the same content still is). */
async function unchanged(path: string, was: Seen): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile() || info.size !== was[0]) return false;
  if (info.mtimeMs === was[1]) return true;
  return sha1(await readFile(path)) === was[2];
}

/** The key of a function's bundle, or undefined when its options are not plain data. */
export function bundleKey(input: Pick<BuildInput, "mode" | "props">): string | undefined {
  const { handler, runtime, architecture, nodejs } = input.props;
  let plain = true;
  const text = JSON.stringify(
    { mode: input.mode, handler, runtime, architecture, nodejs },
    (_key, value) => {
      if (typeof value === "function") plain = false;
      return value;
    },
  );
  const esbuild = createRequire(join(ROOT, "node_modules", "sst", "package.json"))(
    "esbuild/package.json",
  ) as { version: string };
  return plain ? sha1(`${esbuild.version}\n${text}`) : undefined;
}

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** What a bundle was made from: its source maps' sources, and the resolution files. */
async function sourcesOf(out: string): Promise<Record<string, Seen> | undefined> {
  const sources: Record<string, Seen> = {};
  const paths = new Set(RESOLUTION_FILES.map((file) => join(ROOT, file)));
  const maps = (await filesUnder(out)).filter((file) => file.endsWith(".map"));
  if (maps.length === 0) return undefined;
  for (const map of maps) {
    const { sources: named = [] } = JSON.parse(await readFile(join(out, map), "utf8")) as {
      sources?: string[];
    };
    for (const source of named) paths.add(resolve(dirname(join(out, map)), source));
  }
  for (const file of await readdir(join(ROOT, "patches")).catch(() => [])) {
    paths.add(join(ROOT, "patches", file));
  }
  for (const path of paths) {
    const state = await seen(path);
    if (state) {
      sources[path] = state;
      continue;
    }
    // A package's map names its own sources, which npm does not install: the package's files
    // are the lockfile's version, as patched (both kept above). Any other source gone (written
    // and removed during the build) makes the bundle not cacheable.
    if (!path.includes(`${sep}node_modules${sep}`)) return undefined;
  }
  return sources;
}

async function cached(dir: string, out: string): Promise<Built | undefined> {
  const manifest = join(dir, "entry.json");
  if (!existsSync(manifest)) return undefined;
  const entry = JSON.parse(await readFile(manifest, "utf8")) as Entry;
  for (const [path, was] of Object.entries(entry.sources)) {
    if (!(await unchanged(path, was))) return undefined;
  }
  await cp(join(dir, "files"), out, { recursive: true });
  const { built } = entry;
  // The source map SST uploads, named as the handler named it: in this build's folder.
  if (built.type !== "success" || !built.sourcemap) return built;
  return { ...built, sourcemap: relative(process.cwd(), join(out, built.sourcemap)) };
}

async function keep(dir: string, out: string, built: Built): Promise<void> {
  const sources = await sourcesOf(out);
  if (!sources) return;
  // Written aside, then moved in place: a process reading the cache meanwhile finds the old entry
  // or none, never half of one.
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  await cp(out, join(staging, "files"), { recursive: true });
  const kept =
    built.type === "success" && built.sourcemap
      ? { ...built, sourcemap: relative(out, resolve(built.sourcemap)) }
      : built;
  await writeFile(
    join(staging, "entry.json"),
    JSON.stringify({ built: kept, sources } satisfies Entry),
  );
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir).catch(() => rm(staging, { recursive: true, force: true }));
}

/** Whether the process that wrote a lock is gone (killed while it made a bundle). */
async function abandoned(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  // A bundle takes a minute at most on a loaded machine: a lock older than five was left.
  if (!info || Date.now() - info.mtimeMs > 300_000) return true;
  const pid = Number(await readFile(join(path, "pid"), "utf8").catch(() => ""));
  // Taken but its owner not yet written: abandoned only if it stays so.
  if (!pid) return Date.now() - info.mtimeMs > 10_000;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Takes a lock between processes (a folder made or not), waiting while another holds it. */
async function lock(path: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await mkdir(path);
      await writeFile(join(path, "pid"), String(process.pid));
      return () => rm(path, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (await abandoned(path)) await rm(path, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A runtime handler that answers a build from the cache (in `cacheDir`) when it can, and keeps
 * what it builds.
 */
export function cachingHandler(handler: RuntimeHandler, cacheDir = CACHE_DIR): RuntimeHandler {
  return {
    ...handler,
    async build(input) {
      const key = input.mode === "deploy" ? bundleKey(input) : undefined;
      if (!key) return handler.build(input);
      const dir = join(cacheDir, key);
      const hit = await cached(dir, input.out).catch(() => undefined);
      if (hit) return hit;
      // The infrastructure tests' files synthesize at once, in processes of their own: the first
      // to miss makes the bundle while the others wait for it, instead of each making it.
      await mkdir(cacheDir, { recursive: true });
      const release = await lock(`${dir}.lock`);
      try {
        const made = await cached(dir, input.out).catch(() => undefined);
        if (made) return made;
        const built = await handler.build(input);
        // A bundle not kept is made again next time: nothing worse.
        if (built.type === "success") await keep(dir, input.out, built).catch(() => {});
        return built;
      } finally {
        await release();
      }
    },
  };
}

/** Makes this process's offline syntheses bundle Node.js functions through the cache. */
export function cacheBundles(): void {
  const handlers = useRuntimeHandlers() as Handlers & { shopBundleCache?: true };
  if (handlers.shopBundleCache) return;
  handlers.shopBundleCache = true;
  const find = handlers.for.bind(handlers);
  handlers.for = (runtime) => {
    const handler = find(runtime);
    return String(runtime).startsWith("nodejs") ? cachingHandler(handler) : handler;
  };
}
