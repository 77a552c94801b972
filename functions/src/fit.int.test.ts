// The fit counters against DynamoDB Local, as the order reactions' reader runs them on the table's
// stream (docs/decisions/044-fit-feedback.md): reviews with a fit answer count it, a deleted one
// takes it back, a return received for "Too small" or "Too large" counts runs small or runs large,
// and each event counts exactly once however its batches are replayed.
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { fitSummary } from "@shop/core/reviews";
import { createProduct, getProductBySlug } from "@shop/core/server/catalog";
import { confirmCardPayment, placeOrder } from "@shop/core/server/checkout";
import type { Context } from "@shop/core/server/context";
import type { DomainEvent } from "@shop/core/server/events";
import { changeOrderState } from "@shop/core/server/orders";
import { handleEventAfterBatch, handleEventBatch } from "@shop/core/server/reactions";
import { approveReturn, receiveReturn, requestReturn } from "@shop/core/server/returns";
import { addReview, deleteReview } from "@shop/core/server/reviews";
import { productInput, TEST_ADDRESS, VISA } from "@shop/core/testing/checkout";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { streamHandler } from "./lambda/stream.ts";
import { eventsOf } from "./registry.ts";
import { recordsOf, streamed } from "./stream-records.test-support.ts";

const FIT_EVENT_TYPES = ["review.added", "review.deleted", "return.received"];

async function shop() {
  const test = await createTestContext();
  const ctx: Context = test.ctx;
  const shirt = await createProduct(
    ctx,
    productInput("fitted-shirt", { name: "Fitted shirt", sizes: ["M", "L"] }),
  );
  return { test, ctx, shirt };
}

/** A review of the product by a new customer who bought it, with this fit answer or none. */
async function review(
  ctx: Context,
  productId: string,
  n: number,
  fit?: "small" | "true" | "large",
) {
  const user = { id: `reviewer-${n}`, firstName: "Rev", lastName: `Iewer${n}` };
  await ctx.db.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: { pk: `USER#${user.id}`, sk: `PURCHASE#${productId}`, entity: "purchase" },
    }),
  );
  await addReview(ctx, user, productId, { rating: 4, description: "Nice", fit });
  return user;
}

/** A delivered order of the product, returned for `reason` and received. */
async function returned(ctx: Context, productId: string, reason: string) {
  const userId = `returner-${crypto.randomUUID()}`;
  const { order } = await placeOrder(ctx, {
    userId,
    email: `${userId}@example.com`,
    lines: [{ productId, size: "M", quantity: 2 }],
    address: TEST_ADDRESS,
    deliveryMethod: "STANDARD",
  });
  await confirmCardPayment(ctx, { userId, orderId: order.id, card: VISA });
  await changeOrderState(ctx, order.id, "SHIPPED");
  await changeOrderState(ctx, order.id, "DELIVERED");
  const r = await requestReturn(ctx, {
    userId,
    orderId: order.id,
    form: { "quantity-0": "2", reason },
  });
  await approveReturn(ctx, r.rma);
  await receiveReturn(ctx, r.rma, { faulty: false });
}

/** The order reactions' reader, as its Lambda runs it, on the test's table. */
const reader = (ctx: Context) =>
  streamHandler(eventsOf("orderReactions"), handleEventAfterBatch, () => ctx, handleEventBatch);

const fitOf = async (ctx: Context) => (await getProductBySlug(ctx, "fitted-shirt"))?.fitCounts;

describe("the fit counters", () => {
  it("move with reviews, a deleted review and received returns, exactly once per event however the stream is replayed", async () => {
    const { test, ctx, shirt } = await shop();
    const admin = { id: "admin", isAdmin: true };
    await review(ctx, shirt.id, 1, "small");
    await review(ctx, shirt.id, 2, "small");
    const third = await review(ctx, shirt.id, 3, "small");
    await review(ctx, shirt.id, 4, "true");
    await review(ctx, shirt.id, 5, "large");
    await review(ctx, shirt.id, 6); // no answer: no event, nothing counted
    await deleteReview(ctx, admin, shirt.id, third.id);
    await returned(ctx, shirt.id, "too-small"); // two units of one product: one answer
    await returned(ctx, shirt.id, "faulty"); // not about the fit

    const events = await streamed(test);
    const fitEvents = events.filter((e) => FIT_EVENT_TYPES.includes(e.type));
    expect(fitEvents.map((e) => e.type).sort()).toEqual(
      [
        "return.received",
        "return.received",
        "review.added",
        "review.added",
        "review.added",
        "review.added",
        "review.added",
        "review.deleted",
      ].sort(),
    );
    // Nothing is counted before the reader runs: the counters are the stream's.
    expect(await fitOf(ctx)).toEqual({
      reviews: { small: 0, true: 0, large: 0 },
      returns: { small: 0, large: 0 },
    });

    const records = recordsOf(events);
    const handler = reader(ctx);
    // Delivered whole, then again whole (a retry), then in overlapping batches (a resume).
    expect(await handler({ Records: records })).toEqual({ batchItemFailures: [] });
    expect(await handler({ Records: records })).toEqual({ batchItemFailures: [] });
    for (let start = 1; start < records.length; start += 4) {
      expect(await handler({ Records: records.slice(start, start + 5) })).toEqual({
        batchItemFailures: [],
      });
    }

    const counts = await fitOf(ctx);
    expect(counts).toEqual({
      reviews: { small: 2, true: 1, large: 1 },
      returns: { small: 1, large: 0 },
    });
    // Five answers: the page has something to say.
    expect(counts && fitSummary(counts)).toMatchObject({
      answers: 5,
      verdict: "small",
      message: "Most buyers say: runs small, consider a size up",
    });
  });

  it("counts nothing for a product deleted meanwhile, and still counts the event's other products", async () => {
    const { test, ctx, shirt } = await shop();
    await review(ctx, shirt.id, 1, "large");
    const [added] = (await streamed(test)).filter((e) => e.type === "review.added");
    expect(added).toBeDefined();
    const gone = {
      ...(added as DomainEvent),
      id: crypto.randomUUID(),
      type: "return.received",
      payload: { fit: "large", fitProducts: ["no-such-product", shirt.id] },
    };
    const handler = reader(ctx);
    const records = recordsOf([added as DomainEvent, gone]);
    expect(await handler({ Records: records })).toEqual({ batchItemFailures: [] });
    expect(await handler({ Records: records })).toEqual({ batchItemFailures: [] });
    expect(await fitOf(ctx)).toEqual({
      reviews: { small: 0, true: 0, large: 1 },
      returns: { small: 0, large: 1 },
    });
  });
});
