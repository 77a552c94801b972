import { describe, expect, it } from "vitest";
import { coloursIn } from "./colours.ts";

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
