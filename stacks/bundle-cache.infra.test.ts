// The offline syntheses' cache of function bundles (./bundle-cache.ts): a bundle is copied from
// the cache only while every file it was made from is as it was, and made again otherwise.
import { mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { useRuntimeHandlers } from "sst/runtime/handlers.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cachingHandler } from "./bundle-cache.ts";

type RuntimeHandler = ReturnType<ReturnType<typeof useRuntimeHandlers>["for"]>;
type BuildInput = Parameters<RuntimeHandler["build"]>[0];

let dir: string;
let source: string;
let builds: number;
let outs: number;

/** A stand-in for SST's Node.js handler: bundles `source` into index.mjs, with its map. */
const handler = {
  canHandle: () => true,
  async build(input: BuildInput) {
    builds++;
    const code = await readFile(source, "utf8");
    await writeFile(join(input.out, "index.mjs"), `// built ${builds}\n${code}`);
    const map = { version: 3, sources: [relative(input.out, source)], mappings: "" };
    await writeFile(join(input.out, "index.mjs.map"), JSON.stringify(map));
    // As SST's answers it: relative to the working folder.
    const sourcemap = relative(process.cwd(), join(input.out, "index.mjs.map"));
    return { type: "success" as const, handler: "index.handler", sourcemap };
  },
} as unknown as RuntimeHandler;

async function build(
  props: Record<string, unknown> = {},
  cached = cachingHandler(handler, join(dir, "cache")),
) {
  const out = await mkdtemp(join(dir, `out-${outs++}-`));
  const input = {
    functionID: "f",
    out,
    mode: "deploy",
    props: {
      handler: "functions/src/f.handler",
      runtime: "nodejs24.x",
      nodejs: { minify: true },
      ...props,
    },
  } as unknown as BuildInput;
  const built = await cached.build(input);
  return { out, built, code: await readFile(join(out, "index.mjs"), "utf8") };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "bundle-cache-"));
  source = join(dir, "f.ts");
  await writeFile(source, "export const handler = () => 1;\n");
  builds = 0;
  outs = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the bundle cache of offline syntheses", () => {
  it("copies a bundle made from unchanged sources, with what the handler answered, its map in the new folder", async () => {
    const first = await build();
    const second = await build();
    expect(builds).toBe(1);
    expect(second.code).toBe(first.code);
    expect(second.built).toEqual({
      ...first.built,
      // SST uploads the map, then removes it: this build's own copy.
      sourcemap: relative(process.cwd(), join(second.out, "index.mjs.map")),
    });
    await expect(readFile(join(second.out, "index.mjs.map"), "utf8")).resolves.toContain("f.ts");
  });

  it("makes the bundle again when a source changed, even at the same size", async () => {
    await build();
    await writeFile(source, "export const handler = () => 2;\n");
    const again = await build();
    expect(builds).toBe(2);
    expect(again.code).toContain("() => 2");
  });

  it("keeps a bundle whose source was only touched (its content the same)", async () => {
    await build();
    const later = new Date(Date.now() + 60_000);
    await utimes(source, later, later);
    await build();
    expect(builds).toBe(1);
  });

  it("makes a bundle of other options apart, and never caches one with a plugin", async () => {
    await build();
    await build({ nodejs: { minify: false } });
    expect(builds).toBe(2);
    const plugin = { nodejs: { esbuild: { plugins: [{ name: "p", setup() {} }] } } };
    await build(plugin);
    await build(plugin);
    expect(builds).toBe(4);
  });

  it("makes a bundle once when processes ask for it at once, the others waiting for it", async () => {
    const cache = join(dir, "cache");
    const first = cachingHandler(handler, cache);
    const second = cachingHandler(handler, cache);
    const [a, b] = await Promise.all([build({}, first), build({}, second)]);
    expect(builds).toBe(1);
    expect(b.code).toBe(a.code);
  });

  it("does not cache a bundle whose source is gone", async () => {
    const gone = cachingHandler(
      {
        ...handler,
        async build(input: BuildInput) {
          const built = await handler.build(input);
          await rm(source);
          return built;
        },
      } as RuntimeHandler,
      join(dir, "cache"),
    );
    await build({}, gone);
    await writeFile(source, "export const handler = () => 1;\n");
    await build();
    expect(builds).toBe(2);
  });
});
