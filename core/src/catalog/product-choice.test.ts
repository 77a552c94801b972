import { describe, expect, it } from "vitest";
import {
  COLOUR_VALUE,
  choiceQuery,
  productChoice,
  SIZE_VALUE,
  sizesOfColour,
  variantAvailability,
} from "./product-choice.ts";

const photo = (colour: string, n: number) => ({ url: `/${colour}-${n}.jpg`, colour });

const polo = {
  colourways: [
    { colour: { id: "forest" }, images: [photo("forest", 1), photo("forest", 2)] },
    { colour: { id: "navy" }, images: [photo("navy", 1), photo("navy", 2)] },
  ],
  images: [photo("forest", 1), photo("forest", 2), photo("navy", 1), photo("navy", 2)],
  sizes: ["S", "M", "L"],
};

const choose = (query: string) => productChoice(polo, new URLSearchParams(query));

describe("the colour, size and photo a product page's URL chooses", () => {
  it("opens on the first colourway, no size, its first photo, without a query", () => {
    expect(choose("")).toEqual({ colour: "forest", size: undefined, photo: 0 });
  });

  it("opens on the colour and size named", () => {
    expect(choose("?colour=navy&size=M")).toEqual({ colour: "navy", size: "M", photo: 0 });
  });

  it("reads the colour in any case", () => {
    expect(choose("?colour=NAVY").colour).toBe("navy");
  });

  it("falls back to the first colourway for a colour the product does not come in", () => {
    for (const colour of ["red", "as-shown", "", "navy/M", "x".repeat(500)]) {
      expect(choose(`?colour=${encodeURIComponent(colour)}`).colour, colour).toBe("forest");
    }
  });

  it("drops a size the product does not offer", () => {
    expect(choose("?colour=navy&size=XXL").size).toBeUndefined();
    expect(choose("?size=m").size).toBeUndefined();
  });

  it("opens a colour search's photo (counted over all photos) in its colourway", () => {
    expect(choose("?photo=4")).toEqual({ colour: "navy", size: undefined, photo: 1 });
    expect(choose("?photo=2")).toEqual({ colour: "forest", size: undefined, photo: 1 });
  });

  it("with a colour, counts a photo only when it is one of that colour's", () => {
    expect(choose("?colour=navy&photo=3").photo).toBe(0);
    expect(choose("?colour=navy&photo=4").photo).toBe(1);
    expect(choose("?colour=forest&photo=4")).toEqual({
      colour: "forest",
      size: undefined,
      photo: 0,
    });
  });

  it("writes the query back for a colour, with the size when chosen", () => {
    expect(choiceQuery("navy")).toBe("?colour=navy");
    expect(choiceQuery("navy", "M")).toBe("?colour=navy&size=M");
    expect(choose(choiceQuery("navy", "L"))).toEqual({ colour: "navy", size: "L", photo: 0 });
  });

  it("the edge keeps exactly the palette's ids and every scale's tags", () => {
    expect(COLOUR_VALUE.test("navy")).toBe(true);
    expect(COLOUR_VALUE.test("heather-grey")).toBe(true);
    expect(COLOUR_VALUE.test("Navy")).toBe(false);
    expect(COLOUR_VALUE.test("navyx")).toBe(false);
    expect(COLOUR_VALUE.test("as-shown")).toBe(false);
    for (const tag of ["S", "XXL", "W32", "3-4y", "6-9m", "39-42", "OS"]) {
      expect(SIZE_VALUE.test(tag), tag).toBe(true);
    }
    for (const tag of ["m", "XXXL", "W", "3-4", "", "M "])
      expect(SIZE_VALUE.test(tag), tag).toBe(false);
  });
});

describe("availability per variant", () => {
  const variants = [{ key: "forest/M" }, { key: "forest/L" }, { key: "navy/M" }, { key: "navy/L" }];
  const stock = { "forest/M": 10, "forest/L": 0, "navy/M": 2, M: 50 };

  it("reads each variant's own count, by variant key", () => {
    expect(variantAvailability(variants, stock, 3)).toEqual({
      "forest/M": { state: "in", left: 10 },
      "forest/L": { state: "out", left: 0 },
      "navy/M": { state: "low", left: 2 },
      "navy/L": { state: "out", left: 0 },
    });
  });

  it("gives one colourway's sizes, another colour's stock not counted", () => {
    const availability = variantAvailability(variants, stock, 3);
    expect(sizesOfColour("navy", ["M", "L"], availability)).toEqual({
      M: { state: "low", left: 2 },
      L: { state: "out", left: 0 },
    });
    expect(sizesOfColour("forest", ["M", "L"], availability)).toEqual({
      M: { state: "in", left: 10 },
      L: { state: "out", left: 0 },
    });
  });
});
