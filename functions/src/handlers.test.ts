import { localStreamHandlers } from "@shop/local-cloud/functions";
import { describe, expect, it } from "vitest";
import { QUEUES, SCHEDULED_JOBS, STREAM_CONSUMERS } from "./subscriptions.ts";

describe("the functions named in subscriptions.ts", () => {
  it("each exist and export a handler (what stacks/ deploys and the local cloud calls)", async () => {
    const handlers = [
      ...Object.values(STREAM_CONSUMERS).map((c) => c.handler),
      ...Object.values(QUEUES).map((q) => q.consumer.handler),
      ...Object.values(SCHEDULED_JOBS).map((j) => j.handler),
    ];
    expect(handlers.length).toBeGreaterThanOrEqual(4);
    for (const handler of handlers) {
      const file = handler.replace(/^functions\/src\//, "").replace(/\.handler$/, "");
      const module = (await import(`./${file}.ts`)) as { handler?: unknown };
      expect(module.handler, handler).toBeTypeOf("function");
    }
  });

  it("are wired for local delivery", async () => {
    await expect(localStreamHandlers()).resolves.toBeTypeOf("function");
  });
});
