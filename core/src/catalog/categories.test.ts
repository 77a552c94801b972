import { describe, expect, it } from "vitest";
import { CATEGORIES, categoryFromSlug, categorySlug, isCategory } from "./categories.ts";

describe("categories", () => {
  it("are Men, Women, Kid and Baby", () => {
    expect(CATEGORIES).toEqual(["Men", "Women", "Kid", "Baby"]);
  });

  it("appear in links in lower case and are read back case-insensitively", () => {
    expect(CATEGORIES.map(categorySlug)).toEqual(["men", "women", "kid", "baby"]);
    for (const category of CATEGORIES) {
      expect(categoryFromSlug(categorySlug(category))).toBe(category);
    }
    expect(categoryFromSlug("WOMEN")).toBe("Women");
    expect(categoryFromSlug(" Kid ")).toBe("Kid");
  });

  it("ignores unknown or absent categories", () => {
    expect(categoryFromSlug("kids")).toBeUndefined();
    expect(categoryFromSlug("")).toBeUndefined();
    expect(categoryFromSlug(null)).toBeUndefined();
    expect(isCategory("men")).toBe(false);
    expect(isCategory("Men")).toBe(true);
  });
});
