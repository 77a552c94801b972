import { describe, expect, it } from "vitest";
import { existsWithExtensions, findMissingReferences } from "./check-refs.ts";

const FILES = new Set([
  "core/src/checkout/placing.server.ts",
  "docs/decisions/041-flash-sale-stock.md",
  "web/app/lib/cart.ts",
  "functions/src/mailer.ts",
]);
const exists = existsWithExtensions(
  (path) => FILES.has(path) || [...FILES].some((f) => f.startsWith(`${path}/`)),
);
const check = (file: string, text: string) => findMissingReferences([{ file, text }], exists);

describe("the check that cited files exist", () => {
  it("passes a citation of a file, a folder, a module without its extension and a handler", () => {
    expect(
      check(
        "core/src/a.ts",
        [
          "// core/src/checkout/placing.server.ts, the orders' transaction (core/src/checkout/).",
          "// the cart's lines (web/app/lib/cart), sent by functions/src/mailer.handler.",
          "// docs/decisions/041-flash-sale-stock.md.",
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("fails a citation of a file that does not exist, naming the file and the line", () => {
    expect(
      check("docs/x.md", "intro\nSee core/src/checkout/placing.ts and docs/decisions/022."),
    ).toEqual([
      { file: "docs/x.md", line: 2, cited: "core/src/checkout/placing.ts" },
      { file: "docs/x.md", line: 2, cited: "docs/decisions/022" },
    ]);
  });

  it("resolves a Markdown link from the document's folder, and skips web addresses and anchors", () => {
    expect(
      check(
        "docs/decisions/042-two-stream-readers.md",
        "[041](041-flash-sale-stock.md#decision), [site](https://example.com), [missing](040-gone.md)",
      ),
    ).toEqual([
      { file: "docs/decisions/042-two-stream-readers.md", line: 1, cited: "040-gone.md" },
    ]);
  });

  it("skips patterns and examples: placeholders, globs, regular expressions, the web build", () => {
    expect(
      check(
        "docs/x.md",
        [
          "core/src/<area>/rules.ts, docs/decisions/NNN-title.md, core/src/*.ts, core/src/…",
          '"^web/app/lib/observability\\\\.server\\\\.ts$", core/src/$1/, core/src/A, web/build/server/index.js, web/build, core/node_modules',
        ].join("\n"),
      ),
    ).toEqual([]);
  });
});
