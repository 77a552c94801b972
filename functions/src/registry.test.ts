import { MAIL_REQUESTED } from "@shop/core/server/mail";
import { NEWSLETTER_SEND_REQUESTED } from "@shop/core/server/newsletter";
import { REACTING_EVENT_TYPES } from "@shop/core/server/reactions";
import { describe, expect, it } from "vitest";
import { QUEUE_OF, QUEUES, STREAM_CONSUMERS } from "./subscriptions.ts";

describe("event routing", () => {
  it("gives every event type that has a reaction exactly one function: a stream reader, or a queue's consumer through the dispatcher", () => {
    const direct = Object.entries(STREAM_CONSUMERS)
      .filter(([name]) => name !== "dispatcher")
      .flatMap(([, c]) => [...c.events]);
    const queued = Object.values(QUEUES).flatMap((q) => [...q.events]);
    const routed = [...direct, ...queued];
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual([...REACTING_EVENT_TYPES].sort());
  });

  it("has at most two readers of the table's stream (AWS's advice per shard)", () => {
    expect(Object.keys(STREAM_CONSUMERS).length).toBeLessThanOrEqual(2);
  });

  it("the dispatcher reads exactly the queued events and knows each one's queue", () => {
    expect([...STREAM_CONSUMERS.dispatcher.events].sort()).toEqual(Object.keys(QUEUE_OF).sort());
    expect(QUEUE_OF[MAIL_REQUESTED]).toBe("mail");
    expect(QUEUE_OF[NEWSLETTER_SEND_REQUESTED]).toBe("newsletter");
    expect(QUEUE_OF["order.paid"]).toBeUndefined();
  });

  it("the invoice reader takes the order reactions, a deleted account's orders, stock changes and refunded returns included", () => {
    expect([...STREAM_CONSUMERS.invoice.events].sort()).toEqual([
      "order.canceled",
      "order.deleted",
      "order.delivered",
      "order.paid",
      "order.placed",
      "order.shipped",
      "return.refunded",
      "stock.changed",
      "user.deleted",
    ]);
  });
});
