import { describe, expect, it } from "vitest";
import { editsAllowed, highlight, ProductSearch, parseSearch } from "./engine.ts";
import { normalizeSearch, terms, words } from "./text.ts";

const docs = [
  { id: "a", name: "Washed Linen Shirt", audience: "Men", description: "Pure linen." },
  { id: "b", name: "Relaxed Linen T-Shirt", audience: "Women", description: "Linen jersey." },
  { id: "c", name: "Kids' Piqué Polo", audience: "Kid", description: "Cotton piqué." },
  { id: "d", name: "Waxed Field Jacket", audience: "Men", description: "Roomy for a sweater." },
  { id: "e", name: "Cotton Utility Jacket", audience: "Women", description: "Canvas." },
] as const;
const search = ProductSearch.build(docs);
const ids = (text: string) => search.search(text).hits.map((hit) => hit.id);

describe("search text", () => {
  it("strips controls, collapses spaces, cuts to 100 characters and lower-cases", () => {
    expect(normalizeSearch("  Linen\u0000\t  SHIRT\u200b ")).toBe("linen shirt");
    expect(normalizeSearch("x".repeat(500))).toHaveLength(100);
    expect(normalizeSearch(" \u0007 ")).toBeUndefined();
    expect(normalizeSearch(null)).toBeUndefined();
  });

  it("folds accents, joins a T-shirt's spellings, drops apostrophes, stems", () => {
    expect(words("Kids' Piqué T-Shirt")).toEqual(["kids", "pique", "tshirt"]);
    expect(words("t shirts, tees")).toEqual(["tshirt", "tshirt"]);
    expect(terms("jackets dresses")).toEqual(["jacket", "dress"]);
  });

  it("allows one edit from 4 letters and two from 8", () => {
    expect([3, 4, 7, 8].map(editsAllowed)).toEqual([0, 1, 1, 2]);
  });

  it("reads audience words as audiences, not text", () => {
    expect(parseSearch("Women's jacket")).toEqual({
      words: [{ word: "jacket", stem: "jacket" }],
      audiences: ["Women"],
    });
    expect(parseSearch("mens KIDS").audiences).toEqual(["Men", "Kid"]);
  });
});

describe("ProductSearch", () => {
  it("ranks the products matching every word first, then some", () => {
    expect(ids("shirt linen")[0]).toBe("a");
    expect(ids("linen shirt")).toContain("b");
  });

  it("ranks the audience named first", () => {
    expect(ids("womens jacket")).toEqual(["e", "d"]);
    expect(ids("jacket men")).toEqual(["d", "e"]);
  });

  it("lists an audience's products for audience words alone", () => {
    expect(ids("women")).toEqual(["b", "e"]);
  });

  it("finds typos, swaps, prefixes and accents", () => {
    expect(ids("jackte")).toEqual(expect.arrayContaining(["d", "e"]));
    expect(ids("jac")).toEqual(expect.arrayContaining(["d", "e"]));
    expect(ids("PIQUE")).toEqual(["c"]);
    expect(ids("tee")[0]).toBe("b");
  });

  it("takes pattern syntax and odd input as text, and never throws", () => {
    for (const text of [".*", "(blue) +", "[", "\\", "ʕ•ᴥ•ʔ", "", "   ", "a".repeat(10_000)]) {
      expect(() => search.search(text)).not.toThrow();
    }
    expect(ids(".*")).toEqual([]);
  });

  it("suggests a correction when nothing matches but a nearer word would", () => {
    const answer = search.search("jakcte");
    expect(answer.hits).toEqual([]);
    expect(answer.suggestion).toBe("jacket");
    expect(search.search("xyzzy").suggestion).toBeUndefined();
  });

  it("marks the words of a name that matched", () => {
    const [hit] = search.search("linen").hits;
    expect(highlight("Washed Linen Shirt", hit?.terms ?? [])).toEqual([
      { text: "Washed ", mark: false },
      { text: "Linen", mark: true },
      { text: " Shirt", mark: false },
    ]);
    expect(highlight("Relaxed Linen T-Shirt", ["tshirt"])).toEqual([
      { text: "Relaxed Linen ", mark: false },
      { text: "T-Shirt", mark: true },
    ]);
  });

  it("answers the same once saved and loaded again", () => {
    const loaded = ProductSearch.load(JSON.parse(JSON.stringify(search)));
    for (const text of ["linen shirt", "jackte", "womens jacket", "women", "jakcte", "tee"]) {
      expect(loaded.search(text)).toEqual(search.search(text));
    }
    expect(loaded.size).toBe(search.size);
  });
});

describe("colours", () => {
  const shirts = ProductSearch.build([
    {
      id: "green",
      name: "Piqué Polo Shirt",
      audience: "Men",
      description: "Cotton.",
      colours: "forest green",
    },
    {
      id: "sand",
      name: "Washed Linen Shirt",
      audience: "Men",
      description: "Linen.",
      colours: "sand beige",
    },
    {
      id: "blue",
      name: "Oxford Button-Down Shirt",
      audience: "Men",
      description: "Oxford cotton.",
      colours: "sky blue blue white",
    },
  ]);
  const found = (text: string) => shirts.search(text).hits.map((hit) => hit.id);

  it("ranks the product a colour names first, by the colour or its family", () => {
    expect(found("blue shirt")[0]).toBe("blue");
    expect(found("green shirt")[0]).toBe("green");
    expect(found("sky blue")).toEqual(["blue"]);
  });

  it("still finds every shirt when no colour is named", () => {
    expect(found("shirt").sort()).toEqual(["blue", "green", "sand"]);
  });
});
