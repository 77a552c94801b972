// What the tests of promotions share: the merchandiser's offer of docs/product.md §9, "20% off
// Women's dresses" (a percentage off the items of a target whose parts must all hold), with no
// condition, as the admin's form stores it.
import type { Offer } from "./offers.ts";

export const WOMENS_DRESSES_20: Pick<Offer, "label" | "effect" | "conditions"> = {
  label: "20% off Women's dresses",
  effect: {
    kind: "percent-off-items",
    percent: 20,
    target: { audiences: ["Women"], productTypes: ["dresses"] },
  },
  conditions: {},
};
