// What a promotion gives, in words, for the admin's list (docs/product.md §9 "Promotions").
import { formatPrice } from "../pricing/money.ts";
import type { PromotionEffect, PromotionTarget } from "./offers.ts";

function targetText(target: PromotionTarget): string {
  const products = target.productIds?.length ?? 0;
  return [
    ...(target.audiences ?? []),
    ...(target.productTypes ?? []),
    ...(products > 0 ? [products === 1 ? "1 product" : `${products} products`] : []),
  ].join(", ");
}

/** "20% off Women, dresses", "7.50 € off the order", "Free standard delivery"… */
export function describeEffect(effect: PromotionEffect): string {
  switch (effect.kind) {
    case "amount-off-order":
      return `${formatPrice(effect.amountCents)} off the order`;
    case "percent-off-order":
      return `${effect.percent}% off the order`;
    case "amount-off-items":
      return `${formatPrice(effect.amountCents)} off each item of ${targetText(effect.target)}`;
    case "percent-off-items":
      return `${effect.percent}% off ${targetText(effect.target)}`;
    case "free-delivery":
      return effect.methods === "ALL" ? "Free delivery" : "Free standard delivery";
  }
}

/** The list's short amount: "7.50 €", "20%", "Free delivery". */
export function effectAmount(effect: PromotionEffect): string {
  if (effect.kind === "free-delivery") return "Free delivery";
  return "percent" in effect ? `${effect.percent}%` : formatPrice(effect.amountCents);
}
