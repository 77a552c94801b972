import { describe, expect, it } from "vitest";
import {
  DEFAULT_SIZE,
  DEFAULT_SIZE_SCALE,
  isSizeScaleId,
  isSizeTag,
  SCALE_TAGS,
  SIZE_SCALE_IDS,
  SIZE_SCALES,
  SIZE_TAGS,
  SIZES,
  scaleOfSize,
  sizeLabel,
  sizeName,
  sizeOptions,
  sortSizes,
} from "./sizes.ts";

describe("size scales", () => {
  it("adults keep the spec's S to XXL with their names, S the default, on the default scale", () => {
    expect(SIZES.map((size) => `${size.tag} ${size.name}`)).toEqual([
      "S Small",
      "M Medium",
      "L Large",
      "XL Extra Large",
      "XXL Extra Extra Large",
    ]);
    expect(SIZE_TAGS).toEqual(["S", "M", "L", "XL", "XXL"]);
    expect(DEFAULT_SIZE).toBe("S");
    expect(DEFAULT_SIZE_SCALE).toBe("adult");
  });

  it("label each scale as European shops do", () => {
    const labels = (id: keyof typeof SIZE_SCALES) => SIZE_SCALES[id].sizes.map((s) => s.label);
    expect(labels("waist")).toEqual(
      ["26", "27", "28", "29", "30", "31", "32", "33", "34", "36", "38", "40"].map((w) => `W${w}`),
    );
    expect(labels("kids").slice(0, 3)).toEqual(["2–3 Y", "3–4 Y", "4–5 Y"]);
    expect(sizeName("3-4y")).toBe("3–4 years (104 cm)");
    expect(labels("baby")).toEqual([
      "0–1 M",
      "1–2 M",
      "2–4 M",
      "4–6 M",
      "6–9 M",
      "9–12 M",
      "12–18 M",
      "18–24 M",
    ]);
    expect(sizeName("6-9m")).toBe("6–9 months (74 cm)");
    expect(labels("socks")).toContain("39–42");
    expect(sizeName("39-42")).toBe("EU shoe size 39–42");
    expect(labels("one-size")).toEqual(["One size"]);
    expect(sizeLabel("OS")).toBe("One size");
  });

  it("give every size a tag that is ASCII, URL-safe and unique across every scale", () => {
    const tags = Object.values(SIZE_SCALES).flatMap((scale) => scale.sizes.map((s) => s.tag));
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) expect(tag).toMatch(/^[A-Za-z0-9-]+$/);
    expect(Object.keys(SIZE_SCALES)).toEqual([...SIZE_SCALE_IDS]);
  });

  it("label and name exactly the tags the browser's cart checks, in the same order", () => {
    for (const scale of SIZE_SCALE_IDS) {
      expect(
        SIZE_SCALES[scale].sizes.map((s) => s.tag),
        scale,
      ).toEqual(SCALE_TAGS[scale]);
    }
  });

  it("give a page the options of a product's sizes, in its order", () => {
    expect(sizeOptions(["3-4y", "M", "XX"])).toEqual([
      { tag: "3-4y", label: "3–4 Y", name: "3–4 years (104 cm)" },
      { tag: "M", label: "M", name: "Medium" },
      { tag: "XX", label: "XX", name: "XX" },
    ]);
  });

  it("recognise a tag of any scale and tell its scale; nothing else", () => {
    expect(isSizeTag("XL")).toBe(true);
    expect(isSizeTag("W32")).toBe(true);
    expect(scaleOfSize("W32")).toBe("waist");
    expect(scaleOfSize("6-9m")).toBe("baby");
    expect(isSizeTag("xl")).toBe(false);
    expect(isSizeTag("XXXL")).toBe(false);
    expect(isSizeTag({ tag: "S" })).toBe(false);
    expect(isSizeScaleId("kids")).toBe(true);
    expect(isSizeScaleId("shoes")).toBe(false);
  });

  it("sort tags in their scale's order, dropping strangers and repeats", () => {
    expect(sortSizes("adult", ["XL", "S", "W32", "S"])).toEqual(["S", "XL"]);
    expect(sortSizes("kids", ["11-12y", "2-3y"])).toEqual(["2-3y", "11-12y"]);
  });

  it("name an unknown tag as it is", () => {
    expect(sizeName("M")).toBe("Medium");
    expect(sizeName("Q")).toBe("Q");
  });
});
