// The size guide's address (docs/product.md §2 "Size guide"): the product's, the size to highlight,
// the unit (centimetres unless said). Browser-safe: the product page's link and dialog use it.
import type { Unit } from "@shop/core/catalog";

export function sizeGuideHref(slug: string, size: string | null | undefined, unit: Unit = "cm") {
  const query = new URLSearchParams();
  if (size) query.set("size", size);
  if (unit !== "cm") query.set("unit", unit);
  const search = query.toString();
  return `/product/${encodeURIComponent(slug)}/size-guide${search ? `?${search}` : ""}`;
}
