import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import { quote } from "../pricing/quote.ts";
import { PROMOTION_NOT_FOUND } from "../promotions/codes.server.ts";
import { priceCart, quoteCheckout } from "./priced-cart.server.ts";
import { shirtInput, testShop, WELCOME10 } from "./test-fixtures.ts";

async function shop() {
  const test = await testShop(await createTestContext(), {
    products: { shirt: shirtInput("S") },
    promotions: [WELCOME10],
  });
  return { ...test, lines: [{ productId: test.products.shirt.id, size: "S", quantity: 2 }] };
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
