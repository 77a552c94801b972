// `npm run lint`'s check that the code and the docs cite only files that exist: every path of
// this repository named in a tracked source or document (`core/src/…`, `docs/…`, `web/app/…`,
// a Markdown link to a file beside the document…) must be a file or folder of the checkout.
// Tests are not read (their fixtures name made-up files). Names with a placeholder (`<id>`, `*`, `…`, `{a,b}`, `$VAR`) are patterns, not citations,
// and are skipped. Prints each missing citation with its file and line, and exits 1.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { existsWithExtensions, findMissingReferences } from "./lib/check-refs.ts";

const ROOT = join(dirname(new URL(import.meta.url).pathname), "..");
const tracked = execFileSync(
  "git",
  ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
  {
    cwd: ROOT,
    encoding: "utf8",
  },
)
  .split("\0")
  .filter((file) => /\.(ts|tsx|md|cjs|mjs|js|json|css|yml|yaml)$/.test(file))
  // Tests name made-up files on purpose (fixtures, bundles they build); a test that reads a
  // missing file fails by itself.
  .filter((file) => !/\.test\.tsx?$/.test(file))
  .filter((file) => file !== "package-lock.json" && existsSync(join(ROOT, file)));

const missing = findMissingReferences(
  tracked.map((file) => ({ file, text: readFileSync(join(ROOT, file), "utf8") })),
  existsWithExtensions((path) => existsSync(join(ROOT, normalize(path)))),
);
for (const { file, line, cited } of missing)
  console.error(`${file}:${line}: cites ${cited}, which does not exist`);
if (missing.length > 0) {
  console.error(`\n${missing.length} citation(s) of a file that does not exist.`);
  process.exit(1);
}
console.log(`check-refs: ${tracked.length} files, every cited path exists.`);
