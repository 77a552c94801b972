import { describe, expect, it } from "vitest";
import { isSlug, SLUG_MAX_LENGTH, slugify } from "./slug.ts";

describe("slugify", () => {
  it.each([
    ["Linen Shirt", "linen-shirt"],
    ["  Linen   Shirt  ", "linen-shirt"],
    ["Crème Brûlée T-Shirt", "creme-brulee-t-shirt"],
    ["Ñandú Señora Camiseta", "nandu-senora-camiseta"],
    ["Straße Øresund Æble Łódź", "strasse-oresund-aeble-lodz"],
    ["Shirt (Men's) — 100% cotton!", "shirt-men-s-100-cotton"],
    ["Salt & Pepper", "salt-and-pepper"],
    ["Kids' Rain-Jacket, 2-pack", "kids-rain-jacket-2-pack"],
    ["ＦＵＬＬ width", "full-width"],
    ["---", ""],
    ["🧥", ""],
    ["", ""],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("always gives a valid slug (or nothing), cut at a word boundary", () => {
    const long = slugify(`${"word ".repeat(40)}end`);
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long.endsWith("-")).toBe(false);
    expect(long.split("-").every((w) => w === "word")).toBe(true);
    expect(isSlug(long)).toBe(true);
    expect(slugify("x".repeat(150))).toBe("x".repeat(SLUG_MAX_LENGTH));
  });
});

describe("isSlug", () => {
  it("accepts lower-case words joined by single dashes only", () => {
    expect(isSlug("linen-shirt-2")).toBe(true);
    for (const bad of ["", "Linen", "linen--shirt", "-linen", "linen-", "lin en", "línen", "a/b"]) {
      expect(isSlug(bad)).toBe(false);
    }
    expect(isSlug("a".repeat(SLUG_MAX_LENGTH + 1))).toBe(false);
  });
});
