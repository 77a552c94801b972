import { describe, expect, it } from "vitest";
import {
  COLOUR_FAMILIES,
  COLOUR_IDS,
  coloursOfFamily,
  familyName,
  isColourFamily,
  isColourId,
  PALETTE,
  paletteColour,
} from "./palette.ts";

describe("the palette", () => {
  it("names each colour once, by a URL-safe id made from its name, with a #rrggbb swatch", () => {
    const ids = PALETTE.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of PALETTE) {
      expect(entry.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entry.swatch).toMatch(/^#[0-9a-f]{6}$/);
      expect(entry.families.length).toBeGreaterThan(0);
    }
    expect(paletteColour("heather-grey")?.name).toBe("Heather Grey");
    expect(paletteColour("butter-yellow")?.name).toBe("Butter Yellow");
    for (const entry of PALETTE) {
      expect(entry.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")).toBe(entry.id);
    }
    expect(PALETTE.map((entry) => entry.id)).toEqual([...COLOUR_IDS]);
  });

  it("puts navy in the blues and teal in both blue and green", () => {
    expect(paletteColour("navy")?.families).toEqual(["blue"]);
    expect(paletteColour("teal")?.families).toEqual(["blue", "green"]);
    expect(coloursOfFamily("blue").map((c) => c.id)).toContain("navy");
    expect(coloursOfFamily("green").map((c) => c.id)).toContain("teal");
  });

  it("gives every family at least one colour", () => {
    for (const family of COLOUR_FAMILIES) expect(coloursOfFamily(family).length).toBeGreaterThan(0);
    expect(familyName("blue")).toBe("Blue");
  });

  it("knows only its own ids and families", () => {
    expect(isColourId("navy")).toBe(true);
    expect(isColourId("Navy")).toBe(false);
    expect(isColourId("__proto__")).toBe(false);
    expect(isColourId(3)).toBe(false);
    expect(isColourFamily("blue")).toBe(true);
    expect(isColourFamily("navy")).toBe(false);
  });
});
