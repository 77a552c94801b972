// The browser's cart (docs/product.md §3 "Cart line"): kept in localStorage under "cart", read and written
// only through this module, with core's pure cart arithmetic. Components subscribe with
// `useCartLines()` / `useCartCount()`; a change made here re-renders this tab at once, and
// other tabs through the `storage` event. The server (and the hydration render) sees an empty
// cart, so server-rendered pages never depend on what a browser holds.
import {
  addToCart,
  CART_COOKIE,
  CART_STORAGE_KEY,
  type CartLine,
  cartCookieValue,
  countItems,
  decodeCartCookie,
  type LineRef,
  lineKey,
  parseCart,
  removeLine,
  serializeCart,
  setQuantity,
  settleColours,
} from "@shop/core/cart";
import { useEffect, useSyncExternalStore } from "react";

const EMPTY: readonly CartLine[] = Object.freeze([]);

type Listener = () => void;
const listeners = new Set<Listener>();

// The snapshot is cached by the stored text, so React gets the same array until it changes.
let cachedText: string | null = null;
let cachedLines: readonly CartLine[] = EMPTY;

function readText(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy modes, blocked site data): an empty cart.
    return null;
  }
}

/** The stored cart lines (a new array only when the stored text changed). */
export function readCart(): readonly CartLine[] {
  if (typeof window === "undefined") return EMPTY;
  const text = readText();
  if (text !== cachedText) {
    cachedText = text;
    const lines = parseCart(text);
    cachedLines = lines.length === 0 ? EMPTY : lines;
  }
  return cachedLines;
}

function writeCart(lines: readonly CartLine[]): readonly CartLine[] {
  try {
    if (lines.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(lines));
  } catch {
    // Not persisted (storage full or blocked); the listeners still re-read what is stored.
  }
  notify();
  return readCart();
}

function notify(): void {
  markCartLines();
  for (const listener of listeners) listener();
}

/**
 * The attribute of the document's root that tells the cart's and the checkout's skeletons how
 * many lines to show (tailwind.css), so the page has its final layout from the first paint and
 * nothing moves as the lines arrive (docs/product.md §2 "Cart screens"). Up to
 * SKELETON_LINES_MAX: lines past those start below the fold.
 */
export const CART_LINES_ATTRIBUTE = "data-cart-lines";
export const SKELETON_LINES_MAX = 8;

/**
 * What a route that has nothing to show without a cart (the checkout) says in its `handle`: where
 * the document goes, before anything of it is painted, when the stored cart is empty.
 */
export interface CartPageHandle {
  emptyCartGoesTo: string;
}

/** The cart's page: where the checkout sends an empty cart (docs/product.md §2 "/cart/checkout"). */
export const CART_PAGE = "/cart/view-cart";

/**
 * Run in the document's head before the body is painted (root.tsx): the stored cart's number of
 * lines, as `readCart` would count a cart this module wrote. With `emptyCartGoesTo` (a route's
 * CartPageHandle), an empty cart replaces the document with that page at once, and hides this
 * one meanwhile: the browser may paint before the next document arrives, and a page that is
 * about to go must not show, nor move (no layout shift).
 */
export function cartLinesScript(emptyCartGoesTo?: string): string {
  const attribute = JSON.stringify(CART_LINES_ATTRIBUTE);
  const count = `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CART_STORAGE_KEY)})||"[]");document.documentElement.setAttribute(${attribute},String(Math.min(Array.isArray(c)?c.length:0,${SKELETON_LINES_MAX})))}catch(e){document.documentElement.setAttribute(${attribute},"0")}`;
  if (!emptyCartGoesTo) return count;
  // JSON.stringify gives a JavaScript string; "<" escaped so the text cannot close the script.
  const target = JSON.stringify(emptyCartGoesTo).replace(/</g, "\\u003c");
  return `${count};if(document.documentElement.getAttribute(${attribute})==="0"){document.documentElement.style.visibility="hidden";location.replace(${target})}`;
}

/** Keeps the attribute in step when the cart changes (a page reached later without a reload). */
function markCartLines(): void {
  const count = Math.min(readCart().length, SKELETON_LINES_MAX);
  document.documentElement.setAttribute(CART_LINES_ATTRIBUTE, String(count));
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** Another tab changed the cart (or cleared all storage: key null). */
function onStorage(event: StorageEvent): void {
  if (event.key === CART_STORAGE_KEY || event.key === null) notify();
}

const serverSnapshot = (): readonly CartLine[] => EMPTY;

/** Adds `quantity` (default 1) of a product in a size; the same product and size add up to 9. */
export function addItem(item: LineRef, quantity = 1): readonly CartLine[] {
  return writeCart(addToCart(readCart(), item, quantity));
}

/** Sets the quantity of the line with key "productId:colour:size" (clamped to 1–9). */
export function setItemQuantity(key: string, quantity: number): readonly CartLine[] {
  return writeCart(setQuantity(readCart(), key, quantity));
}

/** Removes the line with key "productId:colour:size". */
export function removeItem(key: string): readonly CartLine[] {
  return writeCart(removeLine(readCart(), key));
}

/**
 * Gives the lines saved before colourways (no colour) their product's first colourway, once the
 * products are known, and stores the cart so (docs/product.md §9 "Colours"). Lines whose product
 * `firstColour` does not know are left as they are.
 */
export function settleCartColours(
  firstColour: (productId: string) => string | undefined,
): readonly CartLine[] {
  const lines = readCart();
  if (!lines.some((line) => !line.colour && firstColour(line.productId))) return lines;
  return writeCart(settleColours(lines, firstColour));
}

/** Removes the lines with these keys ("productId:colour:size"), e.g. of products that no longer exist. */
export function removeLines(keys: Iterable<string>): readonly CartLine[] {
  const gone = new Set(keys);
  return writeCart(readCart().filter((line) => !gone.has(lineKey(line))));
}

/**
 * Moves the lines a page without JavaScript put in the `cart` cookie (core/src/cart/cookie.ts)
 * into this browser's cart, adding up with what it holds, and clears the cookie: from then on
 * the cart is the stored one alone.
 */
export function adoptCookieCart(): void {
  const value = cartCookieValue(document.cookie);
  if (value === undefined) return;
  const lines = decodeCartCookie(value);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves.
  document.cookie = `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  if (lines.length === 0) return;
  let merged = readCart();
  for (const line of lines) merged = addToCart(merged, line, line.quantity);
  writeCart(merged);
}

/** Once the page runs JavaScript: the cart posted without it joins the stored one. */
export function useAdoptedCookieCart(): void {
  useEffect(adoptCookieCart, []);
}

/** Empties the cart (e.g. after an order is placed). */
export function clearCart(): void {
  writeCart(EMPTY);
}

/** The cart's lines; empty on the server and during hydration, then the stored ones. */
export function useCartLines(): readonly CartLine[] {
  return useSyncExternalStore(subscribe, readCart, serverSnapshot);
}

/** The number of items in the cart (the sum of the quantities), for the navbar badge. */
export function useCartCount(): number {
  return countItems(useCartLines());
}

/**
 * False on the server and during hydration, true once the stored cart has been read: lets the
 * cart page tell "still loading" from "empty".
 */
export function useCartReady(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

const noopSubscribe = () => () => {};
