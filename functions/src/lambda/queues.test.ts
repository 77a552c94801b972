// The dispatcher and the queue consumers' handler, without I/O: routing, order, and which items
// are reported for a retry. (The reactions they run are idempotent: a retried item that had
// already been handled does nothing more; the integration tests in functions/ show it.)
import { marshall } from "@aws-sdk/util-dynamodb";
import type { Context } from "@shop/core/server/context";
import {
  type DomainEvent,
  decodeQueueMessage,
  EVENT_ENTITY,
  encodeQueueMessage,
} from "@shop/core/server/events";
import { describe, expect, it } from "vitest";
import {
  asWholeBatch,
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
  const send: QueueSend = async (queue, events) => {
    sent.push([queue, events.map((e) => e.id)]);
    return events.filter((e) => failIds.includes(e.id)).map((e) => e.id);
  };
  return { sent, send };
}

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
    const send: QueueSend = async (queue, events) => {
      if (queue === "newsletter") throw new Error("SQS unreachable");
      return events.filter(() => false).map((e) => e.id);
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

  it("whose work is one for the batch reports the first record when it fails, so all is retried", async () => {
    const records = [
      streamRecord(event("p1", "order.paid"), "51"),
      streamRecord(event("p2", "order.paid"), "52"),
    ];
    const ok = asWholeBatch(async () => {});
    expect(await ok({ Records: records })).toEqual({ batchItemFailures: [] });
    const failing = asWholeBatch(async () => {
      throw new Error("CloudFront unreachable");
    });
    expect(await failing({ Records: records })).toEqual({
      batchItemFailures: [{ itemIdentifier: "51" }],
    });
  });
});
