// The dispatcher and the queue consumers' handler, without I/O: routing, order, and which items
// are reported for a retry. (The reactions they run are idempotent: a retried item that had
// already been handled does nothing more; the integration tests in functions/ show it.)
import { marshall } from "@aws-sdk/util-dynamodb";
import { decodeChangeMessage, encodeChangeMessage } from "@shop/core/edge-cache";
import type { Context } from "@shop/core/server/context";
import {
  type DomainEvent,
  decodeQueueMessage,
  EVENT_ENTITY,
  encodeQueueMessage,
} from "@shop/core/server/events";
import { describe, expect, it } from "vitest";
import {
  changesHandler,
  type DispatchedStreamRecord,
  dispatchToQueues,
  type QueueSend,
  queueHandler,
} from "./queues.ts";
import { streamHandler } from "./stream.ts";

const event = (id: string, type: string): DomainEvent => ({
  id,
  type,
  payload: { n: id },
  occurredAt: "2026-11-22T10:00:00.000Z",
});
const streamRecord = (e: DomainEvent, seq: string): DispatchedStreamRecord => ({
  eventName: "INSERT",
  dynamodb: {
    SequenceNumber: seq,
    NewImage: marshall({ pk: `EVENT#${e.id}`, sk: "EVENT", entity: EVENT_ENTITY, ...e }),
  },
});
const routes = { "mail.requested": "mail", "newsletter.send.requested": "newsletter" };

/** A QueueSend that records what it was given and fails the listed event ids. */
function recordingSend(failIds: string[] = []) {
  const sent: Array<[string, string[]]> = [];
  const bodies: Array<[string, string[]]> = [];
  const send: QueueSend = async (queue, messages) => {
    sent.push([queue, messages.map((m) => m.id)]);
    bodies.push([queue, messages.map((m) => m.body)]);
    return messages.filter((m) => failIds.includes(m.id)).map((m) => m.id);
  };
  return { sent, bodies, send };
}

/** A catalogue item's change as the stream gives it. */
const itemRecord = (
  item: Record<string, unknown>,
  seq: string,
  eventName = "MODIFY",
): DispatchedStreamRecord => ({
  eventName,
  dynamodb: {
    SequenceNumber: seq,
    Keys: marshall({ pk: item.pk, sk: item.sk }),
    NewImage: marshall(item),
  },
});
const product = (id: string, slug: string) => ({
  pk: `PRODUCT#${id}`,
  sk: "PRODUCT",
  entity: "product",
  slug,
  description: "A long description the purge does not read",
});
const changesQueue = { catalogue: "catalogueChanges" } as const;

describe("the dispatcher", () => {
  it("forwards each work-item event to its queue, in stream order, and nothing else", async () => {
    const { sent, send } = recordingSend();
    const dispatch = dispatchToQueues(routes, send);
    const answer = await dispatch({
      Records: [
        streamRecord(event("m1", "mail.requested"), "1"),
        streamRecord(event("o1", "order.paid"), "2"),
        streamRecord(event("n1", "newsletter.send.requested"), "3"),
        { eventName: "MODIFY", dynamodb: { SequenceNumber: "4" } },
        streamRecord(event("m2", "mail.requested"), "5"),
      ],
    });
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([
      ["mail", ["m1", "m2"]],
      ["newsletter", ["n1"]],
    ]);
  });

  it("reports the first record not forwarded, so the stream retries from there", async () => {
    const { send } = recordingSend(["m2", "n1"]);
    const answer = await dispatchToQueues(
      routes,
      send,
    )({
      Records: [
        streamRecord(event("m1", "mail.requested"), "11"),
        streamRecord(event("n1", "newsletter.send.requested"), "12"),
        streamRecord(event("m2", "mail.requested"), "13"),
      ],
    });
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: "12" }] });
  });

  it("counts a queue that cannot be reached at all as a failure of its events", async () => {
    const send: QueueSend = async (queue, messages) => {
      if (queue === "newsletter") throw new Error("SQS unreachable");
      return messages.filter(() => false).map((m) => m.id);
    };
    const answer = await dispatchToQueues(
      routes,
      send,
    )({
      Records: [
        streamRecord(event("m1", "mail.requested"), "21"),
        streamRecord(event("n1", "newsletter.send.requested"), "22"),
      ],
    });
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: "22" }]);
  });

  it("forwards the catalogue's changes to the edge purge's queue, cut down to what the purge reads, and no other item", async () => {
    const { sent, bodies, send } = recordingSend();
    const answer = await dispatchToQueues(
      routes,
      send,
      changesQueue,
    )({
      Records: [
        streamRecord(event("m1", "mail.requested"), "61"),
        itemRecord(product("p1", "linen-shirt"), "62"),
        itemRecord({ pk: "ORDER#o1", sk: "ORDER", entity: "order" }, "63"),
        {
          eventName: "REMOVE",
          dynamodb: { SequenceNumber: "64", Keys: marshall({ pk: "SLUG#old-coat", sk: "SLUG" }) },
        },
        itemRecord({ pk: "PRODUCT#p1", sk: "STOCK", entity: "stock", counts: { M: 3 } }, "65"),
      ],
    });
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([
      ["mail", ["m1"]],
      ["catalogueChanges", ["change:62", "change:64", "change:65"]],
    ]);
    const changes = (bodies[1]?.[1] ?? []).map((b) => decodeChangeMessage(b));
    expect(changes.map((c) => c?.dynamodb?.SequenceNumber)).toEqual(["62", "64", "65"]);
    expect(JSON.stringify(changes)).not.toContain("description");
    expect(changes[1]?.eventName).toBe("REMOVE");
  });

  it("without a changes queue forwards no change; a change not forwarded is retried from there", async () => {
    const { sent, send } = recordingSend(["change:72"]);
    const records = [
      itemRecord(product("p1", "linen-shirt"), "71"),
      itemRecord(product("p2", "wool-coat"), "72"),
      streamRecord(event("m1", "mail.requested"), "73"),
    ];
    expect(await dispatchToQueues(routes, send)({ Records: records })).toEqual({
      batchItemFailures: [],
    });
    expect(sent).toEqual([["mail", ["m1"]]]);
    expect(await dispatchToQueues(routes, send, changesQueue)({ Records: records })).toEqual({
      batchItemFailures: [{ itemIdentifier: "72" }],
    });
  });
});

describe("queue messages", () => {
  it("carry the domain event whole", () => {
    const e = event("m1", "mail.requested");
    expect(decodeQueueMessage(encodeQueueMessage(e))).toEqual(e);
  });

  it("are refused when the body is not a domain event", () => {
    for (const body of ["", "not json", "null", "[]", '{"id":1}', '{"id":"a","type":"t"}']) {
      expect(decodeQueueMessage(body), body).toBeNull();
    }
    expect(decodeQueueMessage('{"id":"a","type":"t","occurredAt":"x","payload":[1]}')).toBeNull();
  });
});

describe("a queue consumer", () => {
  // No table behind this context: user.registered has no reaction, so nothing touches it.
  const handler = queueHandler(["user.registered"], () => ({}) as Context);

  it("reports, one by one, the messages that are not its events, so only they come back", async () => {
    const answer = await handler({
      Records: [
        { messageId: "a", body: "garbage" },
        { messageId: "b", body: encodeQueueMessage(event("o1", "order.paid")) },
        { messageId: "c", body: encodeQueueMessage(event("u1", "user.registered")) },
      ],
    });
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: "a" }, { itemIdentifier: "b" }]);
  });
});

describe("a stream reader", () => {
  /** A reader of order.paid that fails the events listed, recording what it ran. */
  function reader(failIds: string[]) {
    const ran: string[] = [];
    const handler = streamHandler(
      ["order.paid"],
      async (_ctx, e) => {
        ran.push(e.id);
        if (failIds.includes(e.id)) throw new Error(`${e.id} failed`);
      },
      () => ({}) as Context,
    );
    return { ran, handler };
  }

  it("runs its events in stream order and reports no failure when none fails", async () => {
    const { ran, handler } = reader([]);
    const answer = await handler({
      Records: [
        streamRecord(event("p1", "order.paid"), "31"),
        streamRecord(event("m1", "mail.requested"), "32"),
        streamRecord(event("p2", "order.paid"), "33"),
      ],
    });
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(ran).toEqual(["p1", "p2"]);
  });

  it("stops at the first failure and reports it, so Lambda retries from there and not before", async () => {
    const { ran, handler } = reader(["p2"]);
    const answer = await handler({
      Records: [
        streamRecord(event("p1", "order.paid"), "41"),
        streamRecord(event("p2", "order.paid"), "42"),
        streamRecord(event("p3", "order.paid"), "43"),
      ],
    });
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: "42" }] });
    expect(ran).toEqual(["p1", "p2"]);
  });

  it("of changes, whose work is one for the batch: a failure reports every message, one that is not a change only itself", async () => {
    const messages = [
      { messageId: "a", body: encodeChangeMessage(itemRecord(product("p1", "linen-shirt"), "51")) },
      { messageId: "b", body: "not a change" },
      { messageId: "c", body: encodeChangeMessage(itemRecord(product("p2", "wool-coat"), "52")) },
    ];
    const given: string[][] = [];
    const ok = changesHandler(async (changes) => {
      given.push(changes.map((c) => c.dynamodb?.SequenceNumber ?? ""));
    });
    expect(await ok({ Records: messages })).toEqual({
      batchItemFailures: [{ itemIdentifier: "b" }],
    });
    expect(given).toEqual([["51", "52"]]);
    const failing = changesHandler(async () => {
      throw new Error("CloudFront unreachable");
    });
    expect(await failing({ Records: messages })).toEqual({
      batchItemFailures: [
        { itemIdentifier: "b" },
        { itemIdentifier: "a" },
        { itemIdentifier: "c" },
      ],
    });
  });
});
