import { describe, expect, it } from "vitest";
import { freshReads } from "./fresh-reads.ts";

/** A value in a "table" and a read of it whose answer the test releases by hand. */
function store() {
  let value = 0;
  const pending: Array<() => void> = [];
  let reads = 0;
  const read = () => {
    reads++;
    const seen = value; // the read sees what was committed when it started
    return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
  };
  return {
    read,
    set: (next: number) => {
      value = next;
    },
    /** Answers the oldest read still waiting. */
    answer: async () => {
      pending.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    reads: () => reads,
  };
}

describe("freshReads", () => {
  it("never answers a caller with a read that started before it asked", async () => {
    const s = store();
    const fresh = freshReads(s.read);
    const first = fresh(); // starts read 1, which sees 0
    s.set(1); // a change commits while read 1 is under way
    const second = fresh(); // must not get read 1's answer
    await s.answer();
    expect(await first).toBe(0);
    await s.answer();
    expect(await second).toBe(1);
    expect(s.reads()).toBe(2);
  });

  it("answers all the callers that arrived during a read with one next read", async () => {
    const s = store();
    const fresh = freshReads(s.read);
    const first = fresh();
    const waiting = Array.from({ length: 49 }, () => fresh());
    await s.answer();
    await s.answer();
    expect(await first).toBe(0);
    expect(await Promise.all(waiting)).toEqual(Array(49).fill(0));
    expect(s.reads()).toBe(2);
  });

  it("reads again for a caller arriving after the reads ended, and passes errors on", async () => {
    let n = 0;
    const fresh = freshReads(async () => {
      n++;
      if (n === 2) throw new Error("table unavailable");
      return n;
    });
    expect(await fresh()).toBe(1);
    await expect(fresh()).rejects.toThrow("table unavailable");
    expect(await fresh()).toBe(3);
  });
});
