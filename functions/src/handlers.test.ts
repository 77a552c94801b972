import { localChangeHandlers, localStreamHandlers } from "@shop/local-cloud/functions";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "./registry.ts";

describe("the functions of the registry", () => {
  it("each exist and export a handler (what stacks/ deploys and the local cloud calls)", async () => {
    const files = ENTRIES.flatMap(([, entry]) =>
      entry.handler.startsWith("functions/src/") ? [entry.handler] : [],
    );
    // Every entry but the migrations, whose handler is written at synthesis (stacks/migrations.ts).
    expect(files).toHaveLength(ENTRIES.length - 1);
    for (const handler of files) {
      const file = handler.replace(/^functions\/src\//, "").replace(/\.handler$/, "");
      const module = (await import(`./${file}.ts`)) as { handler?: unknown };
      expect(module.handler, handler).toBeTypeOf("function");
    }
  });

  it("are wired for local delivery", async () => {
    await expect(localStreamHandlers()).resolves.toBeTypeOf("function");
    await expect(localChangeHandlers()).resolves.toBeTypeOf("function");
  });
});
