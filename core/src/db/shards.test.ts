import { describe, expect, it } from "vitest";
import { allShards, shardOf } from "./shards.ts";

describe("write shards", () => {
  it("gives an id the same shard every time", () => {
    expect(shardOf("order-1", 8)).toBe(shardOf("order-1", 8));
  });

  it("spreads ids evenly enough that no shard takes twice its share", () => {
    const counts = new Array(8).fill(0);
    for (let i = 0; i < 8000; i++) counts[shardOf(crypto.randomUUID(), 8)]++;
    expect(Math.max(...counts)).toBeLessThan(2000);
    expect(Math.min(...counts)).toBeGreaterThan(500);
  });

  it("names every shard", () => {
    expect(allShards(3)).toEqual([0, 1, 2]);
  });
});
