import { describe, expect, it } from "vitest";
import {
  anyInStock,
  availabilityLabel,
  countAfterSave,
  lineStock,
  overStockMessage,
  planShards,
  type StockCounts,
  schemaAvailability,
  sizeAvailability,
  splitEvenly,
  sumCounts,
  unitsByProduct,
  variantPhrase,
} from "./stock.ts";

describe("a size's availability", () => {
  it("is low at or under the threshold, out at none, in above", () => {
    expect(sizeAvailability(6, 5)).toEqual({ state: "in", left: 6 });
    expect(sizeAvailability(5, 5)).toEqual({ state: "low", left: 5 });
    expect(sizeAvailability(1, 5)).toEqual({ state: "low", left: 1 });
    expect(sizeAvailability(0, 5)).toEqual({ state: "out", left: 0 });
    expect(sizeAvailability(undefined, 5)).toEqual({ state: "out", left: 0 });
  });

  it("is labelled 'Only N left' when low, 'Out of stock' when out, nothing otherwise", () => {
    expect(availabilityLabel(sizeAvailability(3, 5))).toBe("Only 3 left");
    expect(availabilityLabel(sizeAvailability(0, 5))).toBe("Out of stock");
    expect(availabilityLabel(sizeAvailability(40, 5))).toBeNull();
  });
});

describe("a product's availability", () => {
  it("for search engines: in stock, limited (only low sizes), out of stock", () => {
    expect(schemaAvailability(["S", "M"], { S: 0, M: 20 }, 5)).toBe("InStock");
    expect(schemaAvailability(["S", "M"], { S: 0, M: 2 }, 5)).toBe("LimitedAvailability");
    expect(schemaAvailability(["S", "M"], { S: 0 }, 5)).toBe("OutOfStock");
  });

  it("can be bought when any offered size has a unit", () => {
    expect(anyInStock(["S", "M"], { S: 0, M: 1 })).toBe(true);
    expect(anyInStock(["S", "M"], { S: 0, L: 9 })).toBe(false);
  });
});

it("a refused line names the product, the colour, the size and what is left", () => {
  expect(overStockMessage("Piqué Polo Shirt", variantPhrase("Navy", "Medium"), 2)).toBe(
    "Only 2 left of Piqué Polo Shirt in Navy, size Medium",
  );
  expect(overStockMessage("Piqué Polo Shirt", variantPhrase("Forest", "Medium"), 0)).toBe(
    "Piqué Polo Shirt in Forest, size Medium is out of stock",
  );
});

it("a line without a named colour (before colourways) names the size alone", () => {
  expect(variantPhrase(undefined, "Medium")).toBe("size Medium");
  expect(overStockMessage("Linen Shirt", variantPhrase(undefined, "Medium"), 2)).toBe(
    "Only 2 left of Linen Shirt in size Medium",
  );
});

it("says under a cart line whether its quantity can be had", () => {
  const line = {
    quantity: 3,
    productName: "Linen Shirt",
    variant: variantPhrase(undefined, "Medium"),
  };
  expect(lineStock(line, 2, 5)).toEqual({
    tone: "over",
    text: "Only 2 left of Linen Shirt in size Medium",
  });
  expect(lineStock(line, 3, 5)).toEqual({ tone: "low", text: "Only 3 left" });
  expect(lineStock(line, 30, 5)).toEqual({ tone: "ok", text: "In stock" });
  expect(lineStock(line, -1, 5).text).toBe("Linen Shirt in size Medium is out of stock");
});

it("sums an order's units per product and size", () => {
  const units = unitsByProduct([
    { productId: "a", size: "M", quantity: 2 },
    { productId: "a", size: "M", quantity: 1 },
    { productId: "a", size: "L", quantity: 1 },
    { productId: "b", size: "M", quantity: 4 },
  ]);
  expect(Object.fromEntries([...units].map(([id, s]) => [id, Object.fromEntries(s)]))).toEqual({
    a: { M: 3, L: 1 },
    b: { M: 4 },
  });
});

it("an admin's save adds what they typed to what sold meanwhile, never below zero", () => {
  // Shown 5, typed 8, two sold since: 6 (the sale is kept, the +3 applied).
  expect(countAfterSave(3, 5, 8)).toBe(6);
  expect(countAfterSave(5, 5, 8)).toBe(8);
  expect(countAfterSave(0, 5, 2)).toBe(0);
});

describe("stock in shards (docs/decisions/043-stock-shards.md)", () => {
  const want = (entries: Array<[string, number]>) => new Map(entries);

  it("sums the shards' counts, a shard below zero counting against the sum", () => {
    expect(sumCounts([{ M: 2, S: 1 }, { M: 3 }, { M: -1, L: 4 }])).toEqual({ M: 4, S: 1, L: 4 });
    expect(sumCounts([])).toEqual({});
  });

  it("shares units out evenly, the first shards taking the rest; never below zero", () => {
    expect(splitEvenly(10, 4)).toEqual([3, 3, 2, 2]);
    expect(splitEvenly(2, 3)).toEqual([1, 1, 0]);
    expect(splitEvenly(-3, 2)).toEqual([0, 0]);
    expect(splitEvenly(7, 1)).toEqual([7]);
  });

  it("takes a product's units from one shard that has them all, going round from the start", () => {
    const shards: StockCounts[] = [{ M: 1 }, { M: 0 }, { M: 2, S: 1 }, { M: 2 }];
    expect(planShards(shards, want([["M", 2]]), 0)).toEqual(new Map([[2, want([["M", 2]])]]));
    expect(planShards(shards, want([["M", 2]]), 3)).toEqual(new Map([[3, want([["M", 2]])]]));
    expect(planShards(shards, want([["M", 1]]), 1)).toEqual(new Map([[2, want([["M", 1]])]]));
    expect(
      planShards(
        shards,
        want([
          ["M", 1],
          ["S", 1],
        ]),
        3,
      ),
    ).toEqual(
      new Map([
        [
          2,
          want([
            ["M", 1],
            ["S", 1],
          ]),
        ],
      ]),
    );
  });

  it("splits the units over shards when none has them all, and refuses past the sum", () => {
    const shards = [{ M: 1 }, { M: 1 }, { M: 1 }];
    expect(planShards(shards, want([["M", 3]]), 1)).toEqual(
      new Map([
        [1, want([["M", 1]])],
        [2, want([["M", 1]])],
        [0, want([["M", 1]])],
      ]),
    );
    expect(planShards(shards, want([["M", 4]]), 0)).toBeNull();
    // Owed units (a shard below zero) count against what can be sold.
    expect(planShards([{ M: 2 }, { M: -1 }], want([["M", 2]]), 0)).toBeNull();
    expect(planShards([{}], want([["M", 1]]), 0)).toBeNull();
  });
});
