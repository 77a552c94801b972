import { describe, expect, it } from "vitest";
import { DEFAULT_SIZE, isSizeTag, SIZE_TAGS, SIZES, sizeName } from "./sizes.ts";

describe("sizes", () => {
  it("offers S to XXL with their names, S being the default", () => {
    expect(SIZES.map((size) => `${size.tag} ${size.name}`)).toEqual([
      "S Small",
      "M Medium",
      "L Large",
      "XL Extra Large",
      "XXL Extra Extra Large",
    ]);
    expect(SIZE_TAGS).toEqual(["S", "M", "L", "XL", "XXL"]);
    expect(DEFAULT_SIZE).toBe("S");
  });

  it("recognises exactly the five tags", () => {
    expect(isSizeTag("XL")).toBe(true);
    expect(isSizeTag("xl")).toBe(false);
    expect(isSizeTag("XXXL")).toBe(false);
    expect(isSizeTag({ tag: "S" })).toBe(false);
  });

  it("names a tag", () => {
    expect(sizeName("M")).toBe("Medium");
  });
});
