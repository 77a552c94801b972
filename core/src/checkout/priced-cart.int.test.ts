// The checkout's price quote: a code that cannot be used is reported beside the prices of the
// cart without it, priced once (it used to price the cart a second time without the code).
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import { quote } from "../pricing/quote.ts";
import { createPromotion, PROMOTION_NOT_FOUND } from "../promotions/promotions.server.ts";
import { priceCart, quoteCheckout } from "./priced-cart.server.ts";
import { createShirt } from "./test-fixtures.ts";

async function shop() {
  const test = await createTestContext();
  const shirt = await createShirt(test.ctx, "S");
  await createPromotion(test.ctx, { code: "WELCOME10", label: "10 € off", amountCents: 1000 });
  return { ...test, lines: [{ productId: shirt.id, size: "S", quantity: 2 }] };
}

describe("the checkout's quote", () => {
  it("prices a cart with an unknown code once, without the code, and says why", async () => {
    const { ctx, lines, tableCalls, resetTableCalls } = await shop();
    resetTableCalls();
    const { priced, codeError } = await quoteCheckout(ctx, lines, "STANDARD", "NOPE");
    // One BatchGetItem for the products, one Query of the automatic offers and one GetItem for
    // the code, in parallel: no second pricing.
    expect(tableCalls()).toBe(3);
    expect(codeError).toBeInstanceOf(DomainError);
    expect([codeError?.field, codeError?.message]).toEqual(["code", PROMOTION_NOT_FOUND]);
    expect(priced.promotion).toBeUndefined();
    expect(priced.breakdown).toEqual(
      quote([{ unitPriceCents: 2000, quantity: 2 }], "STANDARD", undefined),
    );
  });

  it("applies a good code with the same round trips", async () => {
    const { ctx, lines, tableCalls, resetTableCalls } = await shop();
    resetTableCalls();
    const { priced, codeError } = await quoteCheckout(ctx, lines, "STANDARD", " WELCOME10 ");
    expect(tableCalls()).toBe(3);
    expect(codeError).toBeUndefined();
    expect(priced.promotion?.code).toBe("WELCOME10");
    expect(priced.breakdown.discountCents).toBe(1000);
  });

  it("still fails on a bad cart, and priceCart (placing an order) still refuses a bad code", async () => {
    const { ctx, lines } = await shop();
    await expect(quoteCheckout(ctx, [], "STANDARD", "NOPE")).rejects.toMatchObject({
      field: "cart",
    });
    await expect(priceCart(ctx, lines, "STANDARD", "NOPE")).rejects.toMatchObject({
      field: "code",
      message: PROMOTION_NOT_FOUND,
    });
  });
});
