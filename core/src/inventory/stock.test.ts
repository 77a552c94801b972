import { describe, expect, it } from "vitest";
import {
  anyInStock,
  availabilityLabel,
  countAfterSave,
  lineStock,
  overStockMessage,
  schemaAvailability,
  sizeAvailability,
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
