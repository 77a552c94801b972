// When an account is deleted (core/src/accounts/auth.server.ts writes `user.deleted` in the
// deletion's transaction), its orders stay for the books without the person's data: this is the
// reaction to that event, registered in ../reactions/reactions.server.ts and run by the order
// reactions (functions/src/registry.ts). What is replaced and what is kept is ./order-anonymisation.ts;
// the why is docs/decisions/008-account-deletion.md.
//
// Access pattern: Query gsi1 USER#<id>#ORDERS (paged, the orders' own index), then one UpdateItem
// per order not yet anonymised, under the condition that it is not: a redelivered event (or two
// deliveries at once) finds every order done and writes nothing. A failure throws, the stream
// retries the batch, and the retry picks up where this one stopped. The invoice PDF already in
// the invoices bucket is not touched: it is the accounting document as issued.
import { paginateQuery } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { orderKey, userOrdersIndex } from "../db/keys.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { anonymisedContact } from "./order-anonymisation.ts";

export const USER_DELETED = "user.deleted";

const PAGE_SIZE = 100;

export interface AnonymiseResult {
  /** Orders anonymised by this run. */
  anonymised: string[];
  /** Orders found already anonymised (an earlier delivery). */
  already: number;
}

/** user.deleted → every order of that user keeps its amounts and loses the person's data. */
export async function anonymiseOrdersOfDeletedUser(
  ctx: Context,
  event: DomainEvent,
): Promise<void> {
  const userId = event.payload.userId;
  if (typeof userId !== "string" || userId === "") return;
  await anonymiseOrdersOfUser(ctx, userId, deletedAt(event));
}

/** Anonymises every order of `userId` not yet anonymised; `at` is recorded as anonymisedAt. */
export async function anonymiseOrdersOfUser(
  ctx: Context,
  userId: string,
  at: string,
): Promise<AnonymiseResult> {
  const result: AnonymiseResult = { anonymised: [], already: 0 };
  const pages = paginateQuery(
    { client: ctx.db, pageSize: PAGE_SIZE },
    {
      TableName: ctx.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": userOrdersIndex(userId).gsi1pk },
      ProjectionExpression: "id, address.country, anonymisedAt",
    },
  );
  for await (const page of pages) {
    const orders = (page.Items ?? []) as Array<{
      id: string;
      address?: { country?: unknown };
      anonymisedAt?: string;
    }>;
    const due = orders.filter((order) => !order.anonymisedAt);
    result.already += orders.length - due.length;
    const done = await Promise.all(
      due.map((order) => anonymiseOrder(ctx, order.id, String(order.address?.country ?? ""), at)),
    );
    result.anonymised.push(...due.filter((_, i) => done[i]).map((order) => order.id));
    result.already += done.filter((changed) => !changed).length;
  }
  return result;
}

/** One order, unless it is anonymised already (or gone); true when this call changed it. */
async function anonymiseOrder(
  ctx: Context,
  orderId: string,
  country: string,
  at: string,
): Promise<boolean> {
  const { email, address } = anonymisedContact({ country });
  const { ok } = await conditionalUpdate(ctx, {
    TableName: ctx.tableName,
    Key: orderKey(orderId),
    UpdateExpression: "SET email = :email, address = :address, anonymisedAt = :at",
    ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(anonymisedAt)",
    ExpressionAttributeValues: { ":email": email, ":address": address, ":at": at },
  });
  // Not done: done by another delivery meanwhile (the index lags behind the table), or deleted.
  return ok;
}

/** The deletion's time (the event's), so every delivery would record the same instant. */
function deletedAt(event: DomainEvent): string {
  const time = Date.parse(event.occurredAt);
  return Number.isNaN(time) ? new Date().toISOString() : new Date(time).toISOString();
}
