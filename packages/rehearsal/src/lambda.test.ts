// A function's environment runs Node as Lambda's Node.js runtime starts it: its flags, the heap
// sized from the function's memory.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LambdaFunction, lambdaNodeArgs } from "./lambda.ts";

describe("an environment's Node", () => {
  it("sizes the heap from the function's memory, as Lambda's bootstrap does", () => {
    expect(lambdaNodeArgs(1024)).toEqual([
      "--expose-gc",
      "--max-http-header-size=81920",
      "--max-semi-space-size=51",
      "--max-old-space-size=922",
    ]);
    expect(lambdaNodeArgs(128)).toContain("--max-semi-space-size=6");
  });

  it("starts the handler's process with those flags", async () => {
    const codeDir = await mkdtemp(join(tmpdir(), "lambda-flags-"));
    await writeFile(
      join(codeDir, "index.mjs"),
      "export const handler = async () => ({ execArgv: process.execArgv, gc: typeof globalThis.gc });\n",
    );
    const fn = new LambdaFunction(
      {
        stack: "test",
        logicalId: "Flags",
        name: "flags",
        handler: "index.handler",
        runtime: "nodejs20.x",
        timeoutSeconds: 10,
        memoryMb: 512,
        codeDir,
        environment: {},
        statements: [],
      },
      {},
      codeDir,
    );
    try {
      const { result, error } = await fn.invoke({});
      expect(error).toBeUndefined();
      expect(result).toEqual({ execArgv: lambdaNodeArgs(512), gc: "function" });
    } finally {
      await fn.stop();
      await rm(codeDir, { recursive: true, force: true });
    }
  });
});
