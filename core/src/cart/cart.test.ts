import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  addedToCartText,
  addToCart,
  CART_STORAGE_KEY,
  type CartLine,
  CartLineSchema,
  COLOUR_INVALID,
  countItems,
  lineKey,
  MAX_CART_LINES,
  MAX_QUANTITY,
  parseCart,
  QUANTITY_CHOICES,
  removeLine,
  serializeCart,
  setQuantity,
  settleColours,
} from "./cart.ts";
import { lineVariant } from "./names.ts";

const shirtM = { productId: "shirt", size: "M" } as const;
const shirtL = { productId: "shirt", size: "L" } as const;
const jeansS = { productId: "jeans", size: "S" } as const;

describe("constants", () => {
  it("offers quantities 1 to 9 and stores the cart under 'cart'", () => {
    expect(QUANTITY_CHOICES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(MAX_QUANTITY).toBe(9);
    expect(CART_STORAGE_KEY).toBe("cart");
  });
});

describe("addToCart", () => {
  it("appends a new product as a line of 1", () => {
    expect(addToCart([], shirtM)).toEqual([{ productId: "shirt", size: "M", quantity: 1 }]);
  });

  it("adding the same product and size again increases its quantity by 1", () => {
    const cart = addToCart(addToCart([], shirtM), shirtM);
    expect(cart).toEqual([{ productId: "shirt", size: "M", quantity: 2 }]);
  });

  it("the same product in another size is a second line, after the first", () => {
    const cart = addToCart(addToCart([], shirtM), shirtL);
    expect(cart.map(lineKey)).toEqual(["shirt::M", "shirt::L"]);
  });

  it("8 + 1 = 9", () => {
    expect(addToCart([{ ...shirtM, quantity: 8 }], shirtM)[0]?.quantity).toBe(9);
  });

  it("9 + 1 stays 9", () => {
    expect(addToCart([{ ...shirtM, quantity: 9 }], shirtM)[0]?.quantity).toBe(9);
  });

  it("adds several at once, capped at 9", () => {
    expect(addToCart([], jeansS, 3)[0]?.quantity).toBe(3);
    expect(addToCart([{ ...jeansS, quantity: 5 }], jeansS, 7)[0]?.quantity).toBe(9);
    expect(addToCart([], jeansS, 40)[0]?.quantity).toBe(9);
  });

  it.each([0, -1, 1.5, Number.NaN])("adding a quantity of %s changes nothing", (quantity) => {
    const cart: CartLine[] = [{ ...shirtM, quantity: 2 }];
    expect(addToCart(cart, shirtM, quantity)).toEqual(cart);
    expect(addToCart(cart, jeansS, quantity)).toEqual(cart);
  });

  it("does not change the cart it was given", () => {
    const cart: CartLine[] = [{ ...shirtM, quantity: 2 }];
    const frozen = structuredClone(cart);
    addToCart(cart, shirtM);
    addToCart(cart, jeansS);
    expect(cart).toEqual(frozen);
  });

  it("keeps at most MAX_CART_LINES distinct lines (as many as an order), still adding to existing ones", () => {
    let cart: CartLine[] = [];
    for (let i = 0; i < MAX_CART_LINES + 5; i++)
      cart = addToCart(cart, { productId: `p${i}`, size: "S" });
    expect(cart).toHaveLength(MAX_CART_LINES);
    cart = addToCart(cart, { productId: "p0", size: "S" });
    expect(cart[0]?.quantity).toBe(2);
  });
});

describe("setQuantity", () => {
  const cart: CartLine[] = [
    { ...shirtM, quantity: 2 },
    { ...jeansS, quantity: 1 },
  ];

  it("sets the quantity of the line with that key only", () => {
    expect(setQuantity(cart, "jeans::S", 5)).toEqual([
      { ...shirtM, quantity: 2 },
      { ...jeansS, quantity: 5 },
    ]);
    expect(setQuantity(cart, shirtM, 4)[0]?.quantity).toBe(4);
  });

  it("clamps to 1–9", () => {
    expect(setQuantity(cart, "shirt::M", 0)[0]?.quantity).toBe(1);
    expect(setQuantity(cart, "shirt::M", -4)[0]?.quantity).toBe(1);
    expect(setQuantity(cart, "shirt::M", 12)[0]?.quantity).toBe(9);
  });

  it("ignores quantities that are not whole numbers, and unknown keys", () => {
    expect(setQuantity(cart, "shirt::M", Number.NaN)).toEqual(cart);
    expect(setQuantity(cart, "shirt::M", 2.5)).toEqual(cart);
    expect(setQuantity(cart, "shirt::XL", 3)).toEqual(cart);
  });

  it("returns a new array", () => {
    expect(setQuantity(cart, "shirt::M", 3)).not.toBe(cart);
    expect(cart[0]?.quantity).toBe(2);
  });
});

describe("removeLine and countItems", () => {
  const cart: CartLine[] = [
    { ...shirtM, quantity: 2 },
    { ...shirtL, quantity: 3 },
    { ...jeansS, quantity: 1 },
  ];

  it("removes exactly the line of that product and size", () => {
    expect(removeLine(cart, "shirt::M").map(lineKey)).toEqual(["shirt::L", "jeans::S"]);
    expect(removeLine(cart, jeansS).map(lineKey)).toEqual(["shirt::M", "shirt::L"]);
    expect(removeLine(cart, "nothing::S")).toEqual(cart);
    expect(cart).toHaveLength(3);
  });

  it("counts items as the sum of the quantities", () => {
    expect(countItems(cart)).toBe(6);
    expect(countItems([])).toBe(0);
  });
});

describe("parseCart (what local storage holds)", () => {
  it("round-trips through serializeCart", () => {
    const cart: CartLine[] = [
      { ...shirtM, quantity: 2 },
      { ...jeansS, quantity: 9 },
    ];
    expect(parseCart(serializeCart(cart))).toEqual(cart);
    expect(parseCart(JSON.parse(serializeCart(cart)))).toEqual(cart);
  });

  it("reads the spec's stored shape (product object, size object)", () => {
    const stored = [
      { product: { id: "shirt", name: "Shirt" }, size: { tag: "M", name: "Medium" }, quantity: 3 },
    ];
    expect(parseCart(stored)).toEqual([{ productId: "shirt", size: "M", quantity: 3 }]);
  });

  it.each([
    ["nothing", undefined],
    ["null", null],
    ["broken JSON text", "[{"],
    ["JSON of an object", '{"productId":"shirt"}'],
    ["a number", 42],
    ["an object", { 0: { productId: "shirt", size: "M", quantity: 1 } }],
    ["empty text", ""],
  ])("gives an empty cart for %s", (_, stored) => {
    expect(parseCart(stored)).toEqual([]);
  });

  it("drops malformed lines and keeps the good ones", () => {
    const stored = [
      null,
      "shirt",
      [1, 2],
      { productId: "", size: "M", quantity: 1 },
      { productId: 42, size: "M", quantity: 1 },
      { productId: "x".repeat(201), size: "M", quantity: 1 },
      { productId: "shirt", size: "XXXL", quantity: 1 },
      { productId: "shirt", size: "m", quantity: 1 },
      { productId: "shirt", quantity: 1 },
      { productId: "shirt", size: "M", quantity: "lots" },
      { productId: "shirt", size: "M" },
      { productId: "shirt", size: "M", quantity: Number.POSITIVE_INFINITY },
      { productId: "jeans", size: "S", quantity: 2 },
    ];
    expect(parseCart(stored)).toEqual([{ productId: "jeans", size: "S", quantity: 2 }]);
  });

  it("clamps quantities to whole numbers 1–9", () => {
    const stored = [
      { productId: "a", size: "S", quantity: 0 },
      { productId: "b", size: "S", quantity: -3 },
      { productId: "c", size: "S", quantity: 250 },
      { productId: "d", size: "S", quantity: 2.7 },
      { productId: "e", size: "S", quantity: "4" },
    ];
    expect(parseCart(stored).map((line) => line.quantity)).toEqual([1, 1, 9, 2, 4]);
  });

  it("merges duplicate lines into the first, capped at 9", () => {
    const stored = [
      { productId: "shirt", size: "M", quantity: 6 },
      { productId: "jeans", size: "S", quantity: 1 },
      { productId: "shirt", size: "M", quantity: 2 },
      { productId: "shirt", size: "M", quantity: 5 },
    ];
    expect(parseCart(stored)).toEqual([
      { productId: "shirt", size: "M", quantity: 9 },
      { productId: "jeans", size: "S", quantity: 1 },
    ]);
  });

  it("ignores extra fields such as a stored price", () => {
    const stored = [{ productId: "shirt", size: "M", quantity: 1, priceCents: 1 }];
    expect(parseCart(stored)).toEqual([{ productId: "shirt", size: "M", quantity: 1 }]);
  });
});

describe("parseCart keeps only lines whose product id the server can look up", () => {
  // The cart page asks /api/cart for today's prices; an id it refuses would leave the page
  // waiting on prices that never come.
  it.each([
    ["too long", "a".repeat(65)],
    ["a slash", "abc/def"],
    ["a space", "abc def"],
    ["a comma (the id list's separator)", "abc,def"],
  ])("drops an id with %s", (_, productId) => {
    const cart = parseCart([
      { productId, size: "M", quantity: 1 },
      { productId: "p-1", size: "M", quantity: 2 },
    ]);
    expect(cart).toEqual([{ productId: "p-1", size: "M", quantity: 2 }]);
  });

  it("keeps a 64-character id and a UUID", () => {
    const long = "a".repeat(64);
    const uuid = "3f2b8c1e-9d4a-4e5b-8f6a-1b2c3d4e5f60";
    expect(parseCart([{ productId: long, size: "S", quantity: 1 }])).toHaveLength(1);
    expect(parseCart([{ productId: uuid, size: "S", quantity: 1 }])).toHaveLength(1);
  });
});

describe("colours on cart lines", () => {
  const navyM = { productId: "p1", colour: "navy", size: "M" };
  const forestM = { productId: "p1", colour: "forest", size: "M" };

  it("the same product and size in two colours are two lines", () => {
    const lines = addToCart(addToCart([], navyM), forestM);
    expect(lines).toEqual([
      { ...navyM, quantity: 1 },
      { ...forestM, quantity: 1 },
    ]);
    expect(lineKey(navyM)).toBe("p1:navy:M");
    expect(lineKey({ productId: "p1", size: "M" })).toBe("p1::M");
  });

  it("round-trips the colour through local storage, and drops a line naming no palette colour", () => {
    const lines = addToCart([], navyM, 2);
    expect(parseCart(serializeCart(lines))).toEqual(lines);
    expect(parseCart([{ productId: "p1", colour: "mauve-ish", size: "M", quantity: 1 }])).toEqual(
      [],
    );
    expect(parseCart([{ productId: "p1", colour: 3, size: "M", quantity: 1 }])).toEqual([]);
  });

  it("keeps a cart saved before colours, its lines without one", () => {
    const saved = JSON.stringify([{ productId: "p1", size: "M", quantity: 2 }]);
    expect(parseCart(saved)).toEqual([{ productId: "p1", size: "M", quantity: 2 }]);
  });

  it("settles old lines into each product's first colourway, merging with a line already there", () => {
    const lines = [
      { productId: "p1", size: "M", quantity: 2 },
      { ...navyM, quantity: 8 },
      { productId: "p2", size: "S", quantity: 1 },
      { productId: "gone", size: "S", quantity: 1 },
    ];
    const first = (id: string) => ({ p1: "navy", p2: "teal" })[id as "p1" | "p2"];
    expect(settleColours(lines, first)).toEqual([
      { ...navyM, quantity: 9 },
      { productId: "p2", colour: "teal", size: "S", quantity: 1 },
      { productId: "gone", size: "S", quantity: 1 },
    ]);
  });

  it("takes a line's colour through CartLineSchema only from the palette", () => {
    expect(v.safeParse(CartLineSchema, { ...navyM, quantity: 1 }).success).toBe(true);
    expect(v.safeParse(CartLineSchema, { productId: "p1", size: "M", quantity: 1 }).success).toBe(
      true,
    );
    const bad = v.safeParse(CartLineSchema, { ...navyM, colour: "<b>", quantity: 1 });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.message).toBe(COLOUR_INVALID);
  });
});

describe("addedToCartText", () => {
  it("names the product with the colour's name and the size's label the page shows", () => {
    expect(addedToCartText("Piqué Polo Shirt", "Navy", "M")).toBe(
      "Piqué Polo Shirt (Navy, size M)",
    );
    expect(addedToCartText("Kids' Tee", undefined, "3–4 Y")).toBe("Kids' Tee (size 3–4 Y)");
  });
});

describe("lineVariant", () => {
  it("names a line's colour with its size, or the size alone without a named colour", () => {
    expect(lineVariant("navy", "M")).toBe("Navy, size Medium");
    expect(lineVariant("forest", "M")).toBe("Forest, size Medium");
    expect(lineVariant(undefined, "M")).toBe("size Medium");
    expect(lineVariant("as-shown", "L")).toBe("size Large");
  });
});
