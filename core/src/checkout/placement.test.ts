import { describe, expect, it } from "vitest";
import { PLACEMENT_KEY_INVALID, placementKey, placementOrderId } from "./placement.ts";

const KEY = "6f1c2b9e-3d4a-4c5b-8e7f-001122334455";
const content = { lines: [["p1", "M", 2]], city: "Madrid" };

describe("the placement of an order", () => {
  it("gives the same order id for the same shopper, key and content", () => {
    const id = placementOrderId("u1", KEY, content);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(placementOrderId("u1", KEY, { ...content })).toBe(id);
  });

  it("gives another id for another shopper, another key or another content", () => {
    const id = placementOrderId("u1", KEY, content);
    expect(placementOrderId("u2", KEY, content)).not.toBe(id);
    expect(placementOrderId("u1", `${KEY.slice(0, -1)}6`, content)).not.toBe(id);
    expect(placementOrderId("u1", KEY, { ...content, city: "Sevilla" })).not.toBe(id);
  });

  it("takes a missing key as none and refuses one of another shape", () => {
    expect(placementKey(undefined)).toBeUndefined();
    expect(placementKey("")).toBeUndefined();
    expect(placementKey(KEY)).toBe(KEY);
    for (const bad of ["short", "x".repeat(65), `${KEY}/..`, 42, ["a"]]) {
      expect(() => placementKey(bad)).toThrow(PLACEMENT_KEY_INVALID);
    }
  });
});
