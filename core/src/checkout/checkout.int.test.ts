// The checkout use case against DynamoDB Local: with the local test gateway "Confirm order" comes
// back paid; with Stripe (a Stripe API on this machine) it comes back with the PaymentIntent's
// client secret for the browser, the order awaiting payment. A card that cannot be valid, or a
// cart that cannot be read, is refused before anything is stored.

import { startFakeStripeApi } from "@shop/local-cloud";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { loadAbuseLimits } from "../accounts/limits.ts";
import { createContext, loadConfig } from "../context/index.server.ts";
import { getOrder, listOrdersForUser } from "../orders/orders.server.ts";
import { CARD_DECLINED, CVC_INVALID } from "../payments/cards.ts";
import { checkout } from "./checkout.server.ts";
import { CART_LINE_INVALID } from "./priced-cart.server.ts";
import { shirtInput, TEST_ADDRESS, testShop, VISA } from "./test-fixtures.ts";

const who = { userId: "u1", clientAddress: "198.51.100.7" };
const limits = loadAbuseLimits();

async function shop() {
  const test = await testShop(await createTestContext(), { products: { shirt: shirtInput("S") } });
  const { shirt } = test.products;
  const input = (card: object = VISA) => ({
    userId: "u1",
    email: "ana@example.com",
    lines: JSON.stringify([{ productId: shirt.id, size: "S", quantity: 2 }]),
    address: TEST_ADDRESS,
    deliveryMethod: "STANDARD" as const,
    promotionCode: null,
    placementKey: crypto.randomUUID(),
    card,
  });
  return { ...test, input };
}

describe("checkout", () => {
  it("with the local test gateway, places the order and charges the card: paid", async () => {
    const { ctx, input } = await shop();
    const outcome = await checkout(ctx, who, limits, input());
    expect(outcome.status).toBe("paid");
    expect((await getOrder(ctx, outcome.orderId))?.payment).toBe("paid");
  });

  it("a declined card leaves the order unpaid and says why on the card number", async () => {
    const { ctx, input } = await shop();
    const refused = await checkout(ctx, who, limits, {
      ...input({ ...VISA, cardNumber: "4000 0000 0000 0002" }),
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ message: CARD_DECLINED, field: "cardNumber" });
    const [order] = (await listOrdersForUser(ctx, "u1")).orders;
    expect(order?.payment).not.toBe("paid");
  });

  it("refuses an impossible card or an unreadable cart before storing anything", async () => {
    const { ctx, input } = await shop();
    await expect(checkout(ctx, who, limits, input({ ...VISA, cvc: "1" }))).rejects.toMatchObject({
      message: CVC_INVALID,
      field: "cvc",
    });
    await expect(checkout(ctx, who, limits, { ...input(), lines: "[{" })).rejects.toMatchObject({
      message: CART_LINE_INVALID,
      field: "cart",
    });
    expect((await listOrdersForUser(ctx, "u1")).orders).toEqual([]);
  });

  it("with Stripe, answers with the client secret and no card data is used", async () => {
    const { env, input } = await shop();
    const stripe = await startFakeStripeApi();
    try {
      const ctx = createContext(
        loadConfig({
          ...env,
          PAYMENTS: "stripe",
          STRIPE_SECRET_KEY: "sk_test_local",
          STRIPE_API_BASE: stripe.url,
        }),
      );
      const outcome = await checkout(ctx, who, limits, input({}));
      expect(outcome).toMatchObject({
        status: "confirm",
        clientSecret: `${stripe.intents[0]?.id}_secret_fake`,
      });
      const order = await getOrder(ctx, outcome.orderId);
      expect(order?.payment).toBe("awaiting");
      expect(stripe.intents).toMatchObject([{ orderId: order?.id, amount: order?.totalCents }]);
    } finally {
      await stripe.close();
    }
  });
});
