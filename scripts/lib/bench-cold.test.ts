import { describe, expect, it } from "vitest";
import { type ColdSide, median, report } from "./bench-cold.ts";

const side = (name: string, eagerBytes: number, totals: number[]): ColdSide => ({
  name,
  bundle: { codeDir: "/", handler: "x.handler", runtime: "nodejs24.x" },
  eagerBytes,
  files: 1,
  runs: totals.map((totalMs) => ({
    importMs: totalMs / 2,
    firstAnswerMs: totalMs / 2,
    totalMs,
    cpuMs: totalMs * 0.8,
  })),
});

describe("the cold-start comparison's report", () => {
  it("takes medians of odd and even counts", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("passes a shop within 2× the bare page and within 2 MB", () => {
    const result = report(
      side("shop", 1.9 * 1024 * 1024, [200, 140, 210, 195, 205, 200, 300]),
      side("bare", 1024 * 1024, [100, 100, 110, 90, 100, 105, 95]),
    );
    expect(result.ratio).toBe(2);
    expect(result.passed).toBe(true);
    expect(result.lines.join("\n")).toContain("PASS  the shop's cold start is 2.00×");
    expect(result.lines.join("\n")).toContain("140 ms–300 ms");
    expect(result.lines.join("\n")).toContain("in processor time (every thread, to the answer");
    expect(result.lines.join("\n")).toMatch(/processor time.*: 2\.00×/);
  });

  it("fails a slower shop, or one over its budget, saying which", () => {
    const slow = report(side("shop", 1024, [250]), side("bare", 1024, [100]));
    expect(slow.passed).toBe(false);
    expect(slow.lines.join("\n")).toContain("FAIL  the shop's cold start is 2.50×");
    const big = report(side("shop", 2.1 * 1024 * 1024, [100]), side("bare", 1024, [100]));
    expect(big.passed).toBe(false);
    expect(big.lines.join("\n")).toContain("FAIL  the shop's bundle: 2.10 MB");
  });
});
