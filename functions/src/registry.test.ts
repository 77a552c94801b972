import { MAIL_REQUESTED } from "@shop/core/server/mail";
import { NEWSLETTER_SEND_REQUESTED } from "@shop/core/server/newsletter";
import { REACTING_EVENT_TYPES } from "@shop/core/server/reactions";
import { describe, expect, it } from "vitest";
import {
  CHANGE_QUEUES,
  CHANGES_QUEUE_OF,
  ENTRIES,
  entriesOf,
  eventReaders,
  eventsOf,
  FUNCTIONS,
  QUEUE_OF,
  readsTheStream,
  unreachedOf,
  WORK_QUEUES,
} from "./registry.ts";

describe("the function registry", () => {
  it("gives every event type that has a reaction exactly one function: a stream reader, or a queue's consumer through the dispatcher", () => {
    const direct = eventReaders()
      .filter(({ name }) => name !== "dispatcher")
      .flatMap(({ events }) => [...events]);
    const queued = WORK_QUEUES.flatMap(({ trigger }) => [...trigger.events]);
    const routed = [...direct, ...queued];
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual([...REACTING_EVENT_TYPES].sort());
  });

  it("has two readers of the table's stream (AWS's advice per shard); the catalogue's changes go through the dispatcher to the edge purge's queue", () => {
    expect(ENTRIES.filter(([, entry]) => readsTheStream(entry)).map(([name]) => name)).toEqual([
      "dispatcher",
      "orderReactions",
    ]);
    expect(eventReaders().map(({ name }) => name)).toEqual(["dispatcher", "orderReactions"]);
    expect(CHANGES_QUEUE_OF).toEqual({ catalogue: "catalogueChanges" });
    expect(CHANGE_QUEUES.map(({ consumer }) => consumer)).toEqual(["edgePurge"]);
  });

  it("the dispatcher reads exactly the queued events and knows each one's queue", () => {
    expect([...eventsOf("dispatcher")].sort()).toEqual(Object.keys(QUEUE_OF).sort());
    expect(QUEUE_OF[MAIL_REQUESTED]).toBe("mail");
    expect(QUEUE_OF[NEWSLETTER_SEND_REQUESTED]).toBe("newsletter");
    expect(QUEUE_OF["order.paid"]).toBeUndefined();
  });

  it("the order reactions take the order events, a deleted account's orders, stock changes, received and refunded returns and reviews' fit answers", () => {
    expect([...eventsOf("orderReactions")].sort()).toEqual([
      "order.canceled",
      "order.deleted",
      "order.delivered",
      "order.paid",
      "order.placed",
      "order.shipped",
      "return.received",
      "return.refunded",
      "review.added",
      "review.deleted",
      "stock.changed",
      "user.deleted",
    ]);
  });

  it("names each work queue once, and a handler file per function (the migrations' is written at synthesis)", () => {
    const queues = [...WORK_QUEUES, ...CHANGE_QUEUES].map((q) => q.queue);
    expect(new Set(queues).size).toBe(queues.length);
    for (const [name, entry] of ENTRIES) {
      if (entry.trigger.kind === "deploy") expect(entry.handler, name).toBe("migrations");
      else expect(entry.handler, name).toMatch(/^functions\/src\/[a-z-]+\.handler$/);
    }
    expect(entriesOf("deploy").map((e) => e.name)).toEqual(["migrations"]);
  });

  it("gives every wildcard of objects its justification", () => {
    for (const [name, entry] of ENTRIES) {
      for (const permission of entry.permissions) {
        if ("bucket" in permission && permission.keys.endsWith("*")) {
          expect(permission.why, `${name} on ${permission.keys}`).toBeTruthy();
        }
      }
    }
  });

  it("pins each unreached statement of a role to a resource: an entry's to a work queue of the registry, a kind's to the function's own dead-letter queue", () => {
    const queues = new Set(WORK_QUEUES.map((q) => q.queue));
    for (const [name, entry] of ENTRIES) {
      for (const { resource } of entry.unreached ?? [])
        expect(queues, name).toContain(resource.queue);
    }
    const pinned = (name: (typeof ENTRIES)[number][0]) =>
      unreachedOf(name, FUNCTIONS[name]).map((u) => [u.actions.join(" "), u.resources]);
    const xray = ["xray:PutTraceSegments xray:PutTelemetryRecords", ["*"]];
    expect(pinned("stripeWebhook")).toEqual([xray]);
    expect(pinned("mailer")).toEqual([xray, ["sqs:SendMessage", [{ construct: "MailQueue" }]]]);
    expect(pinned("dispatcher")).toEqual([
      xray,
      [
        "sqs:SendMessage sqs:GetQueueAttributes sqs:GetQueueUrl",
        [{ construct: "DispatcherDeadLetters" }],
      ],
    ]);
    expect(pinned("expireAbandonedOrders")).toEqual([
      xray,
      ["sqs:SendMessage", [{ construct: "ExpireAbandonedOrdersDeadLetters" }]],
    ]);
  });
});
