// The capacity section's model (./bench-capacity.ts, docs/decisions/040-capacity-model.md): key
// shapes that group ids but keep a single hot key visible, the projection of measured units per
// operation to a flow's full rate, and each flow's ceiling at half a partition's limit.
import type { ItemOverlap, KeyUsage } from "@shop/local-cloud";
import { describe, expect, it } from "vitest";
import {
  atRate,
  capacityReport,
  ceilingOf,
  conflictsByShape,
  hottestByShape,
  keyShape,
  perOperation,
  sumLoads,
} from "./bench-capacity.ts";

const usage = (key: string, read: number, write: number, index?: string): KeyUsage => ({
  source: "site",
  table: "shop",
  ...(index ? { index } : {}),
  key,
  read,
  write,
  requests: 1,
});

describe("key shapes", () => {
  it("replaces ids and keeps the words of a key", () => {
    expect(keyShape("SESSION#3f9a0c27e1d84b6a9c0e5f1a2b3c4d5e")).toBe("SESSION#<id>");
    expect(keyShape("PRODUCT#efe95ac6-ed4b-452f-82bc-23eb8a938fa3")).toBe("PRODUCT#<id>");
    expect(keyShape("USER#bench-abfca858-c0#ORDERS")).toBe("USER#<id>#ORDERS");
    expect(keyShape("NEWSLETTER#ana.garcia@example.com")).toBe("NEWSLETTER#<id>");
    expect(keyShape("ORDERNO#TL-QSC8WH1E")).toBe("ORDERNO#<id>");
    expect(keyShape("RATE#checkout-order#user|u1")).toBe("RATE#<id>#<id>");
    // Keys without ids stay whole: one key for everything is what the model looks for.
    expect(keyShape("PAYDUE")).toBe("PAYDUE");
    expect(keyShape("SALES#DAYS")).toBe("SALES#DAYS");
    expect(keyShape("ORDERS")).toBe("ORDERS");
    // A long upper-case code with digits is an id, a short one a word.
    expect(keyShape("SEND#9C78294B566E")).toBe("SEND#<id>");
    expect(keyShape("GSI1")).toBe("GSI1");
  });

  it("groups a shape's keys into one row shown by its hottest key", () => {
    const load = new Map([
      ["SESSION#a1", { read: 10, write: 0 }],
      ["SESSION#b2", { read: 30, write: 0 }],
      ["SESSION#c3", { read: 20, write: 0 }],
      ["PRODUCT#hot-tee", { read: 0, write: 900 }],
      ["PRODUCT#quiet-tee", { read: 0, write: 1 }],
      ["gsi2:ORDERS", { read: 0, write: 600 }],
    ]);
    const rows = hottestByShape(load);
    expect(rows.map((r) => [r.shape, r.keys, r.hottest])).toEqual([
      ["PRODUCT#<id>", 2, "PRODUCT#hot-tee"],
      ["gsi2:ORDERS", 1, "gsi2:ORDERS"],
      ["SESSION#<id>", 3, "SESSION#b2"],
    ]);
    expect(rows[0]).toMatchObject({ write: 900, share: 0.9, kind: "write" });
    expect(rows[2]).toMatchObject({ read: 30, share: 0.01, kind: "read" });
  });
});

describe("the projection", () => {
  it("divides a flow's units by its operations, per partition of the table or an index", () => {
    const perOp = perOperation(
      [
        usage("PAYDUE", 0, 40),
        usage("PAYDUE", 0, 40),
        usage("ORDERS", 0, 60, "gsi2"),
        usage("ORDER#1", 10, 20),
      ],
      20,
    );
    expect(perOp.get("PAYDUE")).toEqual({ read: 0, write: 4 });
    expect(perOp.get("gsi2:ORDERS")).toEqual({ read: 0, write: 3 });
    expect(perOp.get("ORDERS")).toBeUndefined();
    expect(perOp.get("ORDER#1")).toEqual({ read: 0.5, write: 1 });
    expect(perOperation([usage("PAYDUE", 0, 40)], 0).size).toBe(0);
  });

  it("scales to a rate and adds the flows' loads up", () => {
    const checkout = new Map([["PAYDUE", { read: 0, write: 4 }]]);
    const flash = new Map([
      ["PAYDUE", { read: 0, write: 4 }],
      ["PRODUCT#flash", { read: 2, write: 6 }],
    ]);
    const total = sumLoads([atRate(checkout, 50), atRate(flash, 500)]);
    expect(total.get("PAYDUE")).toEqual({ read: 0, write: 200 + 2000 });
    expect(total.get("PRODUCT#flash")).toEqual({ read: 1000, write: 3000 });
  });

  it("puts a flow's ceiling where its first partition passes half its limit", () => {
    // 4 write units an order on PAYDUE: 500 of 1,000 at 125 orders/s. 2 read units on CATALOG:
    // 1,500 of 3,000 at 750/s. The write limit comes first.
    expect(
      ceilingOf(
        new Map([
          ["PAYDUE", { read: 0, write: 4 }],
          ["CATALOG", { read: 2, write: 0 }],
        ]),
      ),
    ).toEqual({ rate: 125, partition: "PAYDUE", kind: "write" });
    // Reads only: half of 3,000.
    expect(ceilingOf(new Map([["CATALOG", { read: 1, write: 0 }]]))).toEqual({
      rate: 1500,
      partition: "CATALOG",
      kind: "read",
    });
    expect(ceilingOf(new Map())).toBeUndefined();
  });

  it("counts overlapping transactions by the shape of their item", () => {
    const overlap = (pk: string, sk: string, transactions: number): ItemOverlap => ({
      source: "checkout",
      table: "shop",
      pk,
      sk,
      transactions,
    });
    expect(
      conflictsByShape([
        overlap("PRODUCT#a1", "STOCK", 3),
        overlap("PRODUCT#b2", "STOCK", 2),
        overlap("SEND#s1", "SEND", 9),
      ]),
    ).toEqual([
      { shape: "SEND#<id> / SEND", count: 9 },
      { shape: "PRODUCT#<id> / STOCK", count: 5 },
    ]);
  });

  it("reports a key past half its limit and each flow's ceiling at its full rate", () => {
    const lines = capacityReport({
      perOp: {
        // 50 paid orders/s × 12 write units on PAYDUE: 600 of 1,000.
        checkout: new Map([["PAYDUE", { read: 0, write: 12 }]]),
        browse: new Map([["CATALOG", { read: 0.01, write: 0 }]]),
      },
      overlaps: [],
      scale: 50,
      seconds: 15,
    }).join("\n");
    expect(lines).toMatch(/^PAYDUE +1 +PAYDUE +0\.00 +600 +60% write +OVER 50%$/m);
    expect(lines).toMatch(/^checkout +50\.0 paid orders\/s +41\.7\/s +60\.0% +PAYDUE \(write\)$/m);
    // 2,000 views/s × 0.01 = 20 read units/s; the ceiling 1,500 / 0.01 = 150,000 views/s.
    expect(lines).toMatch(
      /^browse +2000 page views\/s at the edge +150000\/s +0\.67% +CATALOG \(read\)$/m,
    );
    expect(lines).toContain("none seen");
  });
});
