// The checkout's action (checkout.server.ts) against the local cloud, as the page posts it: who
// may post, the form checked with the page's schema before core sees it (a refused form stores
// no order), core given the checked address, the server's quote, and the confirmation.
import { listAllOrders } from "@shop/core/server/orders";
import type { TestContext } from "@shop/local-cloud/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { checkoutAction } from "./checkout.server.ts";
import {
  actionArgs,
  actionShop,
  answerOf,
  TEST_ADDRESS,
  TEST_CARD,
  thrownBy,
} from "./requests.test-support.ts";

let test: TestContext;
let cookie: string;
let lines: string;

beforeAll(async () => {
  const shop = await actionShop({ slug: "shirt", priceCents: 2000 }, ["ana@example.com"]);
  test = shop.test;
  lines = JSON.stringify([{ productId: shop.shirt.id, size: "M", quantity: 2 }]);
  [{ cookie }] = shop.customers;
});

const place = (fields: Record<string, string>) => ({
  intent: "place",
  lines,
  deliveryMethod: "STANDARD",
  ...TEST_ADDRESS,
  ...TEST_CARD,
  ...fields,
});

describe("checkoutAction", () => {
  it("sends a visitor without a session to sign in, saying the session expired", async () => {
    const thrown = await thrownBy(checkoutAction(actionArgs("/cart/checkout", place({}))));
    expect(thrown).toBeInstanceOf(Response);
    const location = new URL((thrown as Response).headers.get("Location") ?? "", "http://x");
    expect(location.pathname).toBe("/auth/sign-in");
    expect(location.searchParams.get("reason")).toBe("expired");
    expect(location.searchParams.get("redirectTo")).toBe("/cart/checkout");
  });

  it("refuses a post from another site before reading the session", async () => {
    const thrown = await thrownBy(
      checkoutAction(
        actionArgs("/cart/checkout", place({}), { cookie, origin: "https://evil.example" }),
      ),
    );
    expect(answerOf(thrown).status).toBe(403);
  });

  it("refuses an address the schema refuses on its field, and stores no order", async () => {
    const answer = answerOf(
      await checkoutAction(
        actionArgs("/cart/checkout", place({ city: "", zipCode: "x".repeat(200) }), { cookie }),
      ),
    );
    expect(answer.status).toBe(400);
    const errors = (answer.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(Object.keys(errors).sort()).toEqual(["city", "zipCode"]);
    expect((await listAllOrders(test.ctx)).orders).toHaveLength(0);
  });

  it("answers an unknown intent with 400 and stores nothing", async () => {
    const answer = answerOf(
      await checkoutAction(
        actionArgs("/cart/checkout", place({ intent: "pay-later" }), { cookie }),
      ),
    );
    expect(answer.status).toBe(400);
    expect((await listAllOrders(test.ctx)).orders).toHaveLength(0);
  });

  it("quotes the cart at the server's prices, and a code that cannot be used on its field", async () => {
    const quoted = answerOf(
      await checkoutAction(
        actionArgs(
          "/cart/checkout",
          { intent: "quote", lines, deliveryMethod: "STANDARD" },
          { cookie },
        ),
      ),
    );
    expect(quoted.status).toBe(200);
    expect(quoted.data).toMatchObject({ quote: { breakdown: { subtotalCents: 4000 } } });

    const refused = answerOf(
      await checkoutAction(
        actionArgs(
          "/cart/checkout",
          { intent: "quote", lines, deliveryMethod: "STANDARD", code: "NOSUCHCODE" },
          { cookie },
        ),
      ),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.data).toMatchObject({
      quote: { breakdown: { subtotalCents: 4000 } },
      fieldErrors: { code: expect.any(String) },
    });
  });

  it("places the order with the address as checked and goes on to its confirmation", async () => {
    const answer = await checkoutAction(
      actionArgs("/cart/checkout", place({ company: "  Acme  " }), { cookie }),
    );
    expect(answer).toBeInstanceOf(Response);
    const location = (answer as Response).headers.get("Location") ?? "";
    expect(location).toMatch(/^\/order\/confirm-order\?id=/);
    const { orders } = await listAllOrders(test.ctx);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      email: "ana@example.com",
      payment: "paid",
      address: { ...TEST_ADDRESS, company: "Acme" },
    });
  });
});
