// Cart: lines, quantities and the stored cart (browser-safe). Sizes are re-exported for forms.
export { DEFAULT_SIZE, isSizeTag, SIZES, type SizeTag } from "../catalog/sizes.ts";
export * from "./cart.ts";
export * from "./cookie.ts";
export * from "./names.ts";
