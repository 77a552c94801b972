// The checkout's abuse limits against DynamoDB Local: quotes, wrong promotion codes and orders,
// each per account and per client address, counted before the work so parallel requests stop
// at the limit exactly, with a clear 429.

import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { loadAbuseLimits } from "../accounts/limits.ts";
import { createUser } from "../accounts/users.server.ts";
import {
  placeForShopper,
  quoteForShopper,
  TOO_MANY_CODES,
  TOO_MANY_ORDERS,
  TOO_MANY_QUOTES,
} from "./checkout-limits.server.ts";
import { productInput, testShop, WELCOME10 } from "./test-fixtures.ts";

const tight = loadAbuseLimits({
  CHECKOUT_QUOTES_PER_HOUR: "6",
  PROMOTION_FAILURES_PER_HOUR: "3",
  ORDERS_PER_HOUR: "2",
});
const address = {
  address: "1 Main Street",
  country: "France",
  city: "Paris",
  zipCode: "75001",
  phone: "+33 1 23 45 67 89",
};
let n = 0;

async function shop() {
  const test = await testShop(await createTestContext(), {
    products: {
      shirt: productInput(`shirt-${n}`, { name: "Shirt", description: "A shirt", sizes: ["S"] }),
    },
    promotions: [WELCOME10],
  });
  const { shirt } = test.products;
  const user = await createUser(test.ctx, {
    firstName: "Lia",
    lastName: "Limit",
    email: `limits${n++}@example.com`,
    password: "secret1",
  });
  const lines = [{ productId: shirt.id, size: "S", quantity: 1 }];
  return { ...test, user, lines };
}

const statuses = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === "fulfilled" ? 200 : (r.reason as { status: number }).status));

describe("checkout limits", () => {
  it("quotes: parallel requests stop at the limit; another account from the same address too", async () => {
    const { ctx, user, lines } = await shop();
    const who = { userId: user.id, clientAddress: "198.51.100.20" };
    const now = new Date();
    const input = { lines, deliveryMethod: "STANDARD" };
    const answers = statuses(
      await Promise.allSettled(
        Array.from({ length: 10 }, () => quoteForShopper(ctx, who, tight, input, now)),
      ),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(6);
    expect(answers.filter((s) => s === 429)).toHaveLength(4);
    const refused = await quoteForShopper(ctx, who, tight, input, now).catch((e: unknown) => e);
    expect(refused).toMatchObject({ field: "cart", status: 429 });
    expect((refused as Error).message).toMatch(new RegExp(`^${TOO_MANY_QUOTES}. Try again in`));
    // The address is spent for any account; a fresh account elsewhere is not.
    await expect(
      quoteForShopper(
        ctx,
        { userId: "another", clientAddress: who.clientAddress },
        tight,
        input,
        now,
      ),
    ).rejects.toMatchObject({ status: 429 });
    await expect(
      quoteForShopper(
        ctx,
        { userId: "another", clientAddress: "198.51.100.21" },
        tight,
        input,
        now,
      ),
    ).resolves.toBeTruthy();
  });

  it("promotion codes: wrong ones count, right ones do not; then even the right code waits", async () => {
    const { ctx, user, lines } = await shop();
    const who = { userId: user.id, clientAddress: "198.51.100.30" };
    const now = new Date();
    const limits = { ...tight, checkoutQuotes: { max: 100, windowSeconds: 3600 } };
    const quote = (code: string) =>
      quoteForShopper(ctx, who, limits, { lines, deliveryMethod: "STANDARD", code }, now);
    for (let i = 0; i < 3; i++) {
      expect((await quote("WELCOME10")).codeError).toBeUndefined();
    }
    for (let i = 0; i < 3; i++) {
      expect((await quote(`GUESS${i}`)).codeError?.field).toBe("code");
    }
    const refused = await quote("WELCOME10").catch((e: unknown) => e);
    expect(refused).toMatchObject({ field: "code", status: 429 });
    expect((refused as Error).message).toMatch(new RegExp(`^${TOO_MANY_CODES}. Try again in`));
  });

  it("orders: at most the limit are placed; refused input is not counted", async () => {
    const { ctx, user, lines } = await shop();
    const who = { userId: user.id, clientAddress: "198.51.100.40" };
    const now = new Date();
    const place = (fields: typeof address) =>
      placeForShopper(
        ctx,
        who,
        tight,
        {
          userId: user.id,
          email: user.email,
          lines,
          address: fields,
          deliveryMethod: "STANDARD",
        },
        now,
      );
    await expect(place({ ...address, zipCode: "" })).rejects.toMatchObject({ field: "zipCode" });
    const answers = statuses(await Promise.allSettled([1, 2, 3, 4].map(() => place(address))));
    expect(answers.filter((s) => s === 200)).toHaveLength(2);
    const refused = await place(address).catch((e: unknown) => e);
    expect(refused).toMatchObject({ field: "form", status: 429 });
    expect((refused as Error).message).toMatch(new RegExp(`^${TOO_MANY_ORDERS}. Try again in`));
  });
});
