// The rules of scripts/check-refs.ts, pure so that a test can feed it files.
import { dirname, join, normalize } from "node:path";

/** The repository's top-level folders whose paths a file may cite. */
const ROOTS = [
  "core",
  "web",
  "functions",
  "packages",
  "scripts",
  "stacks",
  "docs",
  "patches",
  ".ci",
  ".github",
];

// A path under one of the roots: segments of letters, digits, dots, dashes, underscores, `$`
// (Remix's route params) and `+`, separated by slashes, ending at anything else.
const ROOTED = new RegExp(
  `(?<![\\w./@-])((?:${ROOTS.map((r) => r.replace(".", "\\.")).join("|")})/[\\w$.+-]+(?:/[\\w$.+-]+)*/?)`,
  "g",
);
// A Markdown link to a local file: [text](path) or [text](path#anchor).
const LINK = /\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g;
/** A cited name that is a pattern or an example, not a file: skipped. */
const PLACEHOLDER = /[<>*…{}]|\$[A-Z_\d]|\bNAME\b|\bNNN\b|\/[A-Z]$|\.\.\.$/;
/** What a fresh checkout lacks until it is installed and built: the web build, node_modules. */
const GENERATED = /^web\/build(\/|$)|(^|\/)node_modules(\/|$)/;

export interface SourceFile {
  file: string;
  text: string;
}

export interface MissingReference {
  file: string;
  line: number;
  cited: string;
}

/** The paths cited by the files that `exists` says are missing, in file and line order. */
export function findMissingReferences(
  files: SourceFile[],
  exists: (path: string) => boolean,
): MissingReference[] {
  const missing: MissingReference[] = [];
  for (const { file, text } of files) {
    const lines = text.split("\n");
    lines.forEach((content, index) => {
      for (const cited of citations(file, content)) {
        if (!exists(cited.resolved)) missing.push({ file, line: index + 1, cited: cited.shown });
      }
    });
  }
  return missing;
}

function citations(file: string, line: string): { shown: string; resolved: string }[] {
  const found: { shown: string; resolved: string }[] = [];
  for (const match of line.matchAll(ROOTED)) {
    const index = match.index ?? 0;
    const after = line[index + match[0].length] ?? "";
    let path = (match[1] ?? "").replace(/[.,;:]+$/, "").replace(/\/$/, "");
    // "core/src/<file>.ts:12" or "(core/src/…)" are fine; a path that runs into a placeholder is not
    // a citation of that prefix ("core/src/<area>/", "docs/decisions/0NN-….md").
    // "web/app/lib/x\\.ts$" is a regular expression, not a citation.
    if (PLACEHOLDER.test(path) || /[<*…{$\\]/.test(after) || GENERATED.test(path)) continue;
    // A Lambda handler's name: "functions/src/mailer.handler" is functions/src/mailer.ts's export.
    path = path.replace(/\.handler$/, "");
    // A module specifier without its extension (`../lib/cart` is not rooted; `web/app/lib/cart`
    // is): accept the path as a file with a usual extension, or as a folder.
    found.push({ shown: path, resolved: path });
  }
  if (file.endsWith(".md")) {
    for (const match of line.matchAll(LINK)) {
      const target = match[1] ?? "";
      if (/^[a-z]+:/i.test(target) || target.startsWith("/") || PLACEHOLDER.test(target)) continue;
      found.push({ shown: target, resolved: normalize(join(dirname(file), target)) });
    }
  }
  return found;
}

/** Whether a cited path exists, trying the extensions a module specifier leaves out. */
export function existsWithExtensions(exists: (path: string) => boolean) {
  return (path: string) =>
    exists(path) ||
    [".ts", ".tsx", ".js", ".md"].some((extension) => exists(`${path}${extension}`));
}
