import { describe, expect, it } from "vitest";
import { colourNames, coloursIn, showsColour } from "./colours.ts";

describe("coloursIn", () => {
  it("reads the colours photos' alt texts name, each with its families", () => {
    expect(
      coloursIn([
        "Sky Blue Oxford Button-Down Shirt, front view",
        "White Oxford Button-Down Shirt, front view",
        "Sky Blue Oxford Button-Down Shirt, folded",
      ]),
    ).toBe("sky blue blue white");
    expect(coloursIn(["Navy Piqué Polo Shirt"])).toBe("navy blue");
    expect(coloursIn(["A TEAL scarf"])).toBe("teal blue green");
  });

  it("takes a longer name before the shorter one inside it, and whole words only", () => {
    expect(coloursIn(["Dusty Rose Wrap Dress"])).toBe("dusty rose pink");
    expect(coloursIn(["Primrose print, redwood buttons"])).toBe("");
  });

  it("is empty for photos that name no colour, or none at all", () => {
    expect(coloursIn(["Linen shirt, back view"])).toBe("");
    expect(coloursIn([])).toBe("");
  });
});

describe("colourNames and showsColour: the photo in the colour a search names", () => {
  it("reads the colours a search names, without their families", () => {
    expect(colourNames("blue shirt")).toEqual(["blue"]);
    expect(colourNames("navy or sky blue polo")).toEqual(["sky blue", "navy"]);
    expect(colourNames("linen shirt")).toEqual([]);
  });

  it("a family shows in each of its colours; a colour only in itself", () => {
    const navy = "Navy Piqué Polo Shirt, front view";
    const forest = "Forest Piqué Polo Shirt, front view";
    const sky = "Sky Blue Oxford Button-Down Shirt, front view";
    expect(showsColour(navy, colourNames("blue shirt"))).toBe(true);
    expect(showsColour(sky, colourNames("blue shirt"))).toBe(true);
    expect(showsColour(forest, colourNames("blue shirt"))).toBe(false);
    expect(showsColour(navy, colourNames("navy"))).toBe(true);
    expect(showsColour(sky, colourNames("navy"))).toBe(false);
    expect(showsColour(navy, [])).toBe(false);
  });
});
