// Cart arithmetic (docs/product.md §3 "Cart line", §9 "Quantity per line"): lines keyed by product id,
// colour and size, quantities 1 to 9, kept in local storage under "cart". Pure: every function returns a
// new array and never changes its input.

import { isColourwayColour } from "../catalog/colour-ids.ts";
import { isProductId } from "../catalog/ids.ts";
import { isSizeTag, type SizeTag } from "../catalog/size-tags.ts";
import { type CartLine, MAX_CART_LINES, MAX_QUANTITY } from "./line.ts";

export * from "./line.ts";
export const CART_STORAGE_KEY = "cart";
export const QUANTITY_CHOICES: readonly number[] = Array.from(
  { length: MAX_QUANTITY },
  (_, i) => i + 1,
);

export interface LineRef {
  productId: string;
  /** A palette id; none on a line saved before colourways (the product's first colourway). */
  colour?: string | undefined;
  size: SizeTag;
}

/** A line's identity: "productId:colour:size" ("productId::size" for a line without a colour). */
export function lineKey(line: LineRef): string {
  return `${line.productId}:${line.colour ?? ""}:${line.size}`;
}

/**
 * What "Added to cart" says of the line: "Piqué Polo Shirt (Navy, size M)", from the colour's
 * name and the size's label (the page has them from its loader); no colour for a product whose
 * only colourway is "As shown" (a product from before colourways: no name).
 */
export function addedToCartText(
  productName: string,
  colourName: string | undefined,
  sizeLabel: string,
): string {
  return `${productName} (${colourName ? `${colourName}, ` : ""}size ${sizeLabel})`;
}

/**
 * Gives each line without a colour (saved before colourways) its product's first colourway, and
 * merges the lines that then name the same variant (first position kept, quantities added up to
 * 9). Lines whose product is unknown (`firstColour` gives nothing) stay as they are.
 */
export function settleColours(
  lines: readonly CartLine[],
  firstColour: (productId: string) => string | undefined,
): CartLine[] {
  let settled: CartLine[] = [];
  for (const line of lines) {
    const colour = line.colour ?? firstColour(line.productId);
    settled = addToCart(settled, { ...line, ...(colour ? { colour } : {}) }, line.quantity);
  }
  return settled;
}

/**
 * Adds `quantity` of a product in a size: the same product and size add up (at most 9), any
 * other is appended as a new line. A quantity that is not a whole number ≥ 1 changes nothing.
 */
export function addToCart(lines: readonly CartLine[], item: LineRef, quantity = 1): CartLine[] {
  if (!Number.isInteger(quantity) || quantity < 1) return [...lines];
  const key = lineKey(item);
  if (lines.some((line) => lineKey(line) === key)) {
    return lines.map((line) =>
      lineKey(line) === key ? { ...line, quantity: clampQuantity(line.quantity + quantity) } : line,
    );
  }
  if (lines.length >= MAX_CART_LINES) return [...lines];
  return [...lines, { ...lineRef(item), quantity: clampQuantity(quantity) }];
}

/** Sets a line's quantity, clamped to 1–9; a quantity that is not a whole number changes nothing. */
export function setQuantity(
  lines: readonly CartLine[],
  key: string | LineRef,
  quantity: number,
): CartLine[] {
  if (!Number.isInteger(quantity)) return [...lines];
  const wanted = typeof key === "string" ? key : lineKey(key);
  return lines.map((line) =>
    lineKey(line) === wanted ? { ...line, quantity: clampQuantity(quantity) } : line,
  );
}

export function removeLine(lines: readonly CartLine[], key: string | LineRef): CartLine[] {
  const wanted = typeof key === "string" ? key : lineKey(key);
  return lines.filter((line) => lineKey(line) !== wanted);
}

/** The number shown on the cart icon: the sum of the quantities. */
export function countItems(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(1, Math.floor(quantity)));
}

/**
 * Reads a cart from local storage (the JSON text or its parsed value). Never throws: anything
 * that is not an array gives an empty cart, malformed lines are dropped, quantities are made
 * whole and clamped to 1–9, and duplicate lines are merged (first position kept).
 * A line may name its product as `productId` or as `product: { id }`, and its size as a tag or
 * `{ tag }` (the shape the spec's shop stored).
 */
export function parseCart(json: unknown): CartLine[] {
  let value = json;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];

  let lines: CartLine[] = [];
  for (const raw of value) {
    const line = parseLine(raw);
    if (line) lines = addToCart(lines, line, line.quantity);
  }
  return lines;
}

/** The text stored under CART_STORAGE_KEY. */
export function serializeCart(lines: readonly CartLine[]): string {
  return JSON.stringify(lines.map((line) => ({ ...lineRef(line), quantity: line.quantity })));
}

function parseLine(raw: unknown): CartLine | undefined {
  if (!isRecord(raw)) return undefined;
  const productId = isRecord(raw.product) ? raw.product.id : raw.productId;
  const size = isRecord(raw.size) ? raw.size.tag : raw.size;
  const colour = raw.colour;
  const quantity = typeof raw.quantity === "string" ? Number(raw.quantity) : raw.quantity;
  // Only ids the server can look up (else the cart page would wait for prices forever).
  if (!isProductId(productId)) return undefined;
  if (!isSizeTag(size)) return undefined;
  if (colour !== undefined && !isColourwayColour(colour)) return undefined;
  if (typeof quantity !== "number" || !Number.isFinite(quantity)) return undefined;
  return { ...lineRef({ productId, colour, size }), quantity: clampQuantity(quantity) };
}

function lineRef({ productId, colour, size }: LineRef): LineRef {
  return colour ? { productId, colour, size } : { productId, size };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
