import { describe, expect, it } from "vitest";
import { lazy } from "./lazy.ts";

describe("lazy", () => {
  it("makes the value on the first call only, and hands the same one to every call", async () => {
    let made = 0;
    const value = lazy(async () => ({ n: ++made }));
    expect(made).toBe(0);
    const [a, b] = await Promise.all([value(), value()]);
    expect(a).toBe(b);
    expect(await value()).toBe(a);
    expect(made).toBe(1);
  });

  it("tries again after a failure instead of keeping it", async () => {
    let calls = 0;
    const value = lazy(async () => {
      calls += 1;
      if (calls === 1) throw new Error("chunk not read");
      return "client";
    });
    await expect(value()).rejects.toThrow("chunk not read");
    expect(await value()).toBe("client");
    expect(await value()).toBe("client");
    expect(calls).toBe(2);
  });
});
