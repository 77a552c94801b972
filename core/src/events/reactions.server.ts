// What the shop does when a domain event is delivered: event type → reactions. The Lambda
// handler in functions/src/domain-events.ts (AWS) and the local cloud's stream reader (laptop)
// both call handleEvent, so the code that runs in production is the code that runs locally.
// Later issues add reactions (order paid → invoice PDF → confirmation e-mail, …).
import type { Context } from "../context/index.server.ts";
import type { DomainEvent } from "./index.server.ts";

export type Reaction = (ctx: Context, event: DomainEvent) => Promise<void>;

const reactions: Record<string, Reaction[]> = {
  "user.registered": [],
};

export async function handleEvent(ctx: Context, event: DomainEvent): Promise<void> {
  for (const react of reactions[event.type] ?? []) await react(ctx, event);
}
