import { describe, expect, it } from "vitest";
import { localStreamHandlers } from "./local.ts";

describe("local stream delivery", () => {
  it("loads the handler file of every stream function", async () => {
    await expect(localStreamHandlers()).resolves.toBeTypeOf("function");
  });
});
