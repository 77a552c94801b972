// Domain events (the leaf module: no reactions imported, so any module may import it): written into the table in the SAME transaction as the change they describe,
// then delivered from the table's stream (Lambda event source mappings on AWS, some through an
// SQS work queue; the local cloud's stream reader on a laptop) to the handlers in functions/
// (routing: functions/src/registry.ts). Delivery is at least once,
// so every handler is idempotent; the event id is the idempotency key.
import { randomUUID } from "node:crypto";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { Context } from "../context/index.server.ts";
import { eventKey } from "../db/keys.ts";
import { TABLE } from "../db/table.ts";

export const EVENT_ENTITY = "event";
/** Events are kept a week for inspection, then expire. */
const EVENT_RETENTION_SECONDS = 7 * 24 * 3600;

export interface DomainEvent<P = Record<string, unknown>> {
  id: string;
  type: string;
  payload: P;
  occurredAt: string;
}

/** The item to put, inside a TransactWriteItems, to emit an event with a change. */
export function eventPut(
  ctx: Pick<Context, "tableName">,
  type: string,
  payload: object,
  now = new Date(),
) {
  const id = randomUUID();
  return {
    Put: {
      TableName: ctx.tableName,
      Item: {
        ...eventKey(id),
        entity: EVENT_ENTITY,
        id,
        type,
        payload,
        occurredAt: now.toISOString(),
        [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS,
      },
      ConditionExpression: "attribute_not_exists(pk)",
    },
  };
}

/** A stream record as Lambda and DynamoDB Streams give it (only the fields we read). */
export interface StreamRecord {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, AttributeValue> };
}

/**
 * The filter both deliveries apply: only INSERTs of event items. On AWS it is the event source
 * mapping's filter pattern (stacks/), so other writes never wake a function.
 */
export const STREAM_FILTER_PATTERN = {
  eventName: ["INSERT"],
  dynamodb: { NewImage: { entity: { S: [EVENT_ENTITY] } } },
} as const;

/** Decodes a stream record into a domain event, or null when it is not one. */
export function eventFromStreamRecord(record: StreamRecord): DomainEvent | null {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== "INSERT" || !image || image.entity?.S !== EVENT_ENTITY) return null;
  const item = unmarshall(image);
  return { id: item.id, type: item.type, payload: item.payload ?? {}, occurredAt: item.occurredAt };
}
