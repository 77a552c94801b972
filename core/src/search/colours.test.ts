import { describe, expect, it } from "vitest";
import { ColourWords, type SearchColour } from "./colours.ts";

// A palette as the catalogue passes one (core/src/catalog/palette.ts).
const colour = (name: string, ...families: string[]): SearchColour => ({
  id: name.toLowerCase().replace(/ /g, "-"),
  name,
  families,
});
const navy = colour("Navy", "blue");
const sky = colour("Sky Blue", "blue");
const forest = colour("Forest", "green");
const teal = colour("Teal", "blue", "green");
const white = colour("White", "white");
const grey = colour("Grey", "grey");
const heather = colour("Heather Grey", "grey");
const dustyRose = colour("Dusty Rose", "pink");
const rose = colour("Rose", "pink");
const shown = colour("As shown");
const words = new ColourWords([navy, sky, forest, teal, white, grey, heather, dustyRose, rose]);

describe("the index's colour words: a product's colourways", () => {
  it("names each colourway with its families, once each", () => {
    expect(words.indexText([sky, white])).toBe("sky blue blue white");
    expect(words.indexText([navy])).toBe("navy blue");
    expect(words.indexText([teal, navy])).toBe("teal blue green navy");
  });

  it("is empty for a product whose colour the palette does not name", () => {
    expect(words.indexText([shown])).toBe("");
    expect(words.indexText([])).toBe("");
  });
});

describe("the colours a search names, and the colourway shown for them", () => {
  it("reads the colours a search names, as the palette writes them, longest first", () => {
    expect(words.named("blue shirt")).toEqual(["blue"]);
    expect(words.named("navy or sky blue polo")).toEqual(["sky blue", "navy"]);
    expect(words.named("Dusty Rose dress")).toEqual(["dusty rose"]);
    expect(words.named("primrose print")).toEqual([]);
    expect(words.named("linen shirt")).toEqual([]);
  });

  it("keeps a shopper's other spellings: gray is grey", () => {
    expect(words.named("gray hoodie")).toEqual(["grey"]);
    expect(words.named("heather gray tee")).toEqual(["heather grey"]);
  });

  it("a family shows in each of its colours; a colour only in itself", () => {
    expect(words.shows(navy, words.named("blue shirt"))).toBe(true);
    expect(words.shows(sky, words.named("blue shirt"))).toBe(true);
    expect(words.shows(teal, words.named("green scarf"))).toBe(true);
    expect(words.shows(forest, words.named("blue shirt"))).toBe(false);
    expect(words.shows(navy, words.named("navy"))).toBe(true);
    expect(words.shows(sky, words.named("navy"))).toBe(false);
    expect(words.shows(heather, words.named("gray"))).toBe(true);
    expect(words.shows(navy, [])).toBe(false);
    expect(words.shows(shown, ["blue"])).toBe(false);
  });
});
