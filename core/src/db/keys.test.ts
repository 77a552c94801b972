// Keys that every order or every recipient writes are spread over partitions
// (docs/decisions/040-capacity-model.md): on AWS one partition key takes about 1,000 write units
// a second, and a sale's peak would pass it.
import { describe, expect, it } from "vitest";
import {
  NEWSLETTER_COUNT_SHARDS,
  newsletterCountKey,
  newsletterDeliveryKey,
  newsletterPageKey,
  newsletterSendKey,
  ORDER_INDEX_SHARDS,
  orderIndexes,
  orderIndexPartitions,
  PAYMENT_DEADLINE_SHARDS,
  paymentDeadlineKey,
  paymentDeadlinePartitions,
  stockKey,
  stockProductId,
  stockShardKey,
} from "./keys.ts";

const ids = Array.from({ length: 200 }, () => crypto.randomUUID());

describe("keys written by every order or recipient", () => {
  it("put each recipient's mark of a send on a partition of its own, apart from the send", () => {
    const marks = ["a@x.io", "b@x.io", "c@x.io"].map((email) => newsletterDeliveryKey("s1", email));
    expect(new Set(marks.map((mark) => mark.pk)).size).toBe(3);
    expect(marks.map((mark) => mark.pk)).not.toContain(newsletterSendKey("s1").pk);
  });

  it("put each counter shard of a send on a partition of its own, apart from its pages and record", () => {
    const shards = Array.from({ length: NEWSLETTER_COUNT_SHARDS }, (_, i) =>
      newsletterCountKey("s1", i),
    );
    expect(new Set(shards.map((shard) => shard.pk)).size).toBe(NEWSLETTER_COUNT_SHARDS);
    const apart = [newsletterPageKey("s1", 0).pk, newsletterSendKey("s1").pk];
    for (const shard of shards) expect(apart).not.toContain(shard.pk);
  });

  it("spread the payment deadlines over their shards, each one the sweep reads", () => {
    const pks = new Set(ids.map((id) => paymentDeadlineKey("2026-11-27T10:00:00.000Z", id).pk));
    expect(pks.size).toBe(PAYMENT_DEADLINE_SHARDS);
    for (const pk of pks) expect(paymentDeadlinePartitions()).toContain(pk);
  });

  it("spread the orders index over its shards, each one the admin's list reads", () => {
    const pks = new Set(ids.map((id) => orderIndexes("u1", "2026-11-27T10:00:00.000Z", id).gsi2pk));
    expect(pks.size).toBe(ORDER_INDEX_SHARDS);
    for (const pk of pks) expect(orderIndexPartitions()).toContain(pk);
  });

  it("put each shard of a spread product's stock on a partition of its own, shard 0 its stock item", () => {
    expect(stockShardKey("p1", 0)).toEqual(stockKey("p1"));
    const keys = [0, 1, 2, 9].map((n) => stockShardKey("p1", n));
    expect(new Set(keys.map((k) => k.pk)).size).toBe(4);
    expect(keys.every((k) => k.sk === "STOCK")).toBe(true);
    expect(keys.map((k) => stockProductId(k.pk))).toEqual(["p1", "p1", "p1", "p1"]);
  });
});
