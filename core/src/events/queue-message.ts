// A work queue's message body (docs/decisions/004-dispatcher-and-work-queues.md): the domain
// event as JSON, whatever carries it (SQS on AWS, a direct call in the local cloud).
import type { DomainEvent } from "./events.server.ts";

/** A queue message's body: the domain event as JSON. */
export const encodeQueueMessage = (event: DomainEvent): string => JSON.stringify(event);

/** The domain event in a queue message's body, or null when the body is not one. */
export function decodeQueueMessage(body: string): DomainEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { id, type, payload, occurredAt } = value as Record<string, unknown>;
  if (typeof id !== "string" || typeof type !== "string" || typeof occurredAt !== "string") {
    return null;
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  return { id, type, payload: payload as Record<string, unknown>, occurredAt };
}
