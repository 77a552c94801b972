// For the stream readers' integration tests: the events the table's stream has so far, and the
// stream records Lambda hands a reader for them, numbered in order (replayed as a test likes).
import { marshall } from "@aws-sdk/util-dynamodb";
import { type DomainEvent, EVENT_ENTITY } from "@shop/core/server/events";
import { deliverEventsTo, type TestContext } from "@shop/local-cloud/testing";
import type { DispatchedStreamRecord } from "./lambda/queues.ts";

/** The stream's events so far, in stream order (nothing reacts to them). */
export async function streamed(test: TestContext): Promise<DomainEvent[]> {
  const seen: DomainEvent[] = [];
  const delivery = await deliverEventsTo(test, async (event) => {
    seen.push(event);
  });
  await delivery.drain();
  await delivery.stop();
  return seen;
}

/** The events as the stream records Lambda hands the reader, numbered in order. */
export const recordsOf = (events: DomainEvent[]): DispatchedStreamRecord[] =>
  events.map((e, i) => ({
    eventName: "INSERT",
    dynamodb: {
      SequenceNumber: String(1000 + i),
      NewImage: marshall({ pk: `EVENT#${e.id}`, sk: "EVENT", entity: EVENT_ENTITY, ...e }),
    },
  }));
