// The bundle budgets (docs/decisions/022-lean-bundles.md): what a cold start of each synthesized
// function parses before its first answer — its handler's file and the chunks that file imports
// statically, transitively — measured on the bundles SST built, and refused above its budget.
// Chunks reached only through a dynamic import() (Stripe, S3, SES, csv-stringify, the dashboard's
// charts, the mail templates…) load on the first request that needs them and do not count.
import { readFile, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { ENTRIES } from "@shop/functions/registry";
import type { DeployedFunction } from "./deploy.ts";

const MB = 1024 * 1024;

/**
 * The site's server (SHOP_FUNCTION=site): the target of decision 022, 2 MB (it parses 1.31 MB:
 * Stripe, S3, SES, csv-stringify and the dashboard's charts load on first use).
 */
export const SITE_BUDGET_BYTES = 2 * MB;
/**
 * Every other function of the shop's, but the exempt ones: the target of decision 022, 1 MB (the
 * largest, the mail functions, parse 0.85 MB with Powertools' Logger, Metrics and Batch; the
 * Tracer loads after the first answer: docs/decisions/025-powertools.md).
 */
export const FUNCTION_BUDGET_BYTES = 1 * MB;
/**
 * The functions whose registry entry ships a native module beside the bundle (image variants:
 * sharp), none of them on a page's path.
 */
export const EXEMPT_ROLES = new Set<string>(
  ENTRIES.filter(([, entry]) => entry.native).map(([name]) => name),
);

/** A static `import … from "./x.mjs"` or `import "./x.mjs"` of esbuild's output (not `import(…)`). */
const STATIC_IMPORT =
  /(?:^|[;\n}])\s*import\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;

export interface BundleFigure {
  function: string;
  role: string;
  /** The handler's file and its static chunks: what a cold start parses. */
  eagerBytes: number;
  files: number;
}

/** The handler's file of a deployed function (`dir/file.handler` → `dir/file.mjs`). */
export function handlerFile(fn: Pick<DeployedFunction, "codeDir" | "handler">) {
  const file = fn.handler.slice(0, fn.handler.lastIndexOf("."));
  return join(fn.codeDir, `${file}.mjs`);
}

/** The bytes of `entry` and of every chunk it imports statically, transitively. */
export async function eagerBytes(entry: string): Promise<{ bytes: number; files: number }> {
  const seen = new Set<string>();
  let bytes = 0;
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    bytes += (await stat(file)).size;
    const code = await readFile(file, "utf8");
    for (const match of code.matchAll(STATIC_IMPORT)) {
      await visit(resolve(dirname(file), match[1] as string));
    }
  };
  await visit(entry);
  return { bytes, files: seen.size };
}

export async function bundleFigures(functions: Iterable<DeployedFunction>) {
  const figures: BundleFigure[] = [];
  for (const fn of functions) {
    const role = fn.environment.SHOP_FUNCTION;
    if (!role) continue;
    const { bytes, files } = await eagerBytes(handlerFile(fn));
    figures.push({ function: fn.logicalId, role, eagerBytes: bytes, files });
  }
  return figures;
}

/** One line per bundle over its budget, naming the function, its size and the budget. */
export function overBudget(figures: BundleFigure[]): string[] {
  const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
  return figures.flatMap((f) => {
    if (EXEMPT_ROLES.has(f.role)) return [];
    const budget = f.role === "site" ? SITE_BUDGET_BYTES : FUNCTION_BUDGET_BYTES;
    return f.eagerBytes > budget
      ? [
          `${f.function} (${f.role}): its bundle is ${mb(f.eagerBytes)} before its first answer, over its budget of ${mb(budget)} (docs/decisions/022-lean-bundles.md)`,
        ]
      : [];
  });
}
