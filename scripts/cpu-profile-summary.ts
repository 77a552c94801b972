// Sums up the CPU profiles of the bench's cold starts (`BENCH_CPU_PROF=dir BENCH_COLD_ONLY=1
// npm run bench`, then `npx tsx scripts/cpu-profile-summary.ts dir`): for the shop and the bare
// page, the median over their processes of the processor time sampled in each part, the
// samples mapped through each bundle's source maps (dir/bundles) to the package or the source
// folder they ran in; V8's compiling of the modules and Node's own, and the garbage collector,
// apart. Self time: a function's own samples, not its callees'. The profiler slows what it
// samples, so the parts are to be compared with each other, not with the bench's figures.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dir = process.argv[2] ?? "";
if (!dir) {
  console.error("usage: npx tsx scripts/cpu-profile-summary.ts <BENCH_CPU_PROF's folder>");
  process.exit(2);
}
const TOP = Number(process.env.TOP ?? 25);

/** The package (node_modules/…) or the source folder of a bundle's source. */
function partOf(source: string): string {
  const at = source.lastIndexOf("node_modules/");
  if (at >= 0) {
    const [scope, name] = source.slice(at + "node_modules/".length).split("/");
    return scope?.startsWith("@") ? `${scope}/${name}` : (scope ?? source);
  }
  return source
    .replace(/^(\.\.\/)+/, "")
    .split("/")
    .slice(0, 3)
    .join("/");
}

const maps = new Map<string, SourceMap | null>();
function mapOf(file: string, bundleDir: string): SourceMap | null {
  const key = join(bundleDir, basename(file));
  if (!maps.has(key)) {
    const found = findFile(bundleDir, `${basename(file)}.map`);
    maps.set(key, found ? new SourceMap(JSON.parse(readFileSync(found, "utf8"))) : null);
  }
  return maps.get(key) ?? null;
}

function findFile(root: string, name: string): string | undefined {
  if (!existsSync(root)) return undefined;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) {
      const found = findFile(path, name);
      if (found) return found;
    } else if (entry.name === name) return path;
  }
  return undefined;
}

function partOfFrame(frame: ProfileNode["callFrame"], bundleDir: string): string {
  const { url, functionName } = frame;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (!url) return functionName || "(native)";
  if (url.startsWith("node:")) {
    if (functionName === "compileSourceTextModule") return "compiling the modules (V8)";
    if (functionName === "compileForInternalLoader") return "compiling Node's own modules";
    return "Node's own code";
  }
  const file = url.startsWith("file:") ? fileURLToPath(url) : url;
  const map = mapOf(file, bundleDir);
  if (!map) return basename(file);
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
  return entry.originalSource ? partOf(entry.originalSource) : basename(file);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Median self time (ms) of each part over the side's profiles. */
function side(name: string): Map<string, number> {
  const profiles = join(dir, name);
  const bundleDir = join(dir, "bundles", name);
  const perProfile: Map<string, number>[] = [];
  for (const file of readdirSync(profiles).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(profiles, file), "utf8")) as Profile;
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => {
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    const parts = new Map<string, number>([["(all)", 0]]);
    for (const node of profile.nodes) {
      const us = self.get(node.id) ?? 0;
      if (!us || node.callFrame.functionName === "(idle)") continue;
      const part = partOfFrame(node.callFrame, bundleDir);
      parts.set(part, (parts.get(part) ?? 0) + us / 1000);
      parts.set("(all)", (parts.get("(all)") ?? 0) + us / 1000);
    }
    perProfile.push(parts);
  }
  const names = new Set(perProfile.flatMap((parts) => [...parts.keys()]));
  return new Map(
    [...names].map((part) => [part, median(perProfile.map((parts) => parts.get(part) ?? 0))]),
  );
}

const shop = side("shop");
const bare = side("bare");
const rows = [...new Set([...shop.keys(), ...bare.keys()])]
  .map((part) => ({ part, shop: shop.get(part) ?? 0, bare: bare.get(part) ?? 0 }))
  .sort((a, b) => Math.max(b.shop, b.bare) - Math.max(a.shop, a.bare))
  .slice(0, TOP + 1);
const width = Math.max(...rows.map((r) => r.part.length));
console.log(`${"part (self time, median ms)".padEnd(width)}    shop    bare`);
for (const row of rows) {
  console.log(
    `${row.part.padEnd(width)}  ${row.shop.toFixed(1).padStart(6)}  ${row.bare.toFixed(1).padStart(6)}`,
  );
}
