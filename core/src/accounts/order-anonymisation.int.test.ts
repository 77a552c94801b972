// Deleting an account anonymises its orders (docs/decisions/008-account-deletion.md), against
// DynamoDB Local and the local S3: the real deletion writes user.deleted, the table's stream
// delivers it, and the reaction runs (twice, as an at-least-once delivery may run it).
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, deliverEventsTo } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { createProduct } from "../catalog/product-saves.server.ts";
import { confirmCardPayment } from "../checkout/card-payment.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import { VISA } from "../checkout/test-fixtures.ts";
import type { Context } from "../context/index.server.ts";
import { orderKey } from "../db/keys.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { unitsOfEach } from "../inventory/stock.ts";
import { getInvoicePdf } from "../invoices/invoices.server.ts";
import { changeOrderState } from "../orders/admin-changes.server.ts";
import { getOrder } from "../orders/orders.server.ts";
import { ORDER_ANONYMISED_FOR_SHIPPING } from "../orders/state.ts";
import { handleEvent } from "../reactions/reactions.server.ts";
import { deleteAccount } from "./auth.server.ts";
import { ANONYMISED_EMAIL, ANONYMISED_TEXT } from "./order-anonymisation.ts";
import { FULL_ADDRESS } from "./test-fixtures.ts";
import { createUser } from "./users.server.ts";

const home = FULL_ADDRESS;

/** The order item exactly as stored (every attribute, keys included). */
async function storedOrder(ctx: Context, id: string) {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: orderKey(id), ConsistentRead: true }),
  );
  return Item as Record<string, unknown>;
}

/** What accounting needs of an order: everything but the person's data and the new mark. */
function accounting(item: Record<string, unknown>) {
  const { email: _e, address, anonymisedAt: _a, ...rest } = item;
  return { ...rest, country: (address as { country: string }).country };
}

async function shopWithCustomer() {
  const test = await createTestContext();
  const { ctx } = test;
  const coat = await createProduct(ctx, {
    slug: "coat",
    name: "Wool coat",
    category: "Women",
    priceCents: 12_000,
    description: "A warm coat",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 50),
    images: [{ key: "coat.svg", alt: "coat" }],
  });
  const email = `ana-${crypto.randomUUID()}@example.com`;
  const ana = await createUser(ctx, { firstName: "Ana", lastName: "García", email, password: "x" });
  const order = (quantity: number, userId = ana.id, to = email) =>
    placeOrder(ctx, {
      userId,
      email: to,
      lines: [{ productId: coat.id, size: "M", quantity }],
      address: home,
      deliveryMethod: "STANDARD",
    }).then((placed) => placed.order);
  return { test, ctx, ana, email, order };
}

const event = (type: string, payload: Record<string, unknown>): DomainEvent => ({
  id: crypto.randomUUID(),
  type,
  payload,
  occurredAt: new Date().toISOString(),
});

describe("deleting an account", () => {
  it("anonymises every order of the account, keeps amounts, lines, dates, state and number, and a second delivery changes nothing", async () => {
    const { test, ctx, ana, email, order } = await shopWithCustomer();
    const paid = await order(1);
    await confirmCardPayment(ctx, { userId: ana.id, orderId: paid.id, card: VISA });
    // The order reactions' order.paid reaction: the invoice PDF is stored (and mail queued).
    await handleEvent(ctx, event("order.paid", { orderId: paid.id, userId: ana.id }));
    const awaiting = await order(2);
    const someoneElse = await order(1, "another-user", "ben@example.com");
    const before = {
      paid: await storedOrder(ctx, paid.id),
      awaiting: await storedOrder(ctx, awaiting.id),
      someoneElse: await storedOrder(ctx, someoneElse.id),
    };
    expect(before.paid.invoiceKey).toBeTruthy();

    // The deletion writes user.deleted; the table's stream hands it over, as on AWS.
    const delivered: DomainEvent[] = [];
    const delivery = await deliverEventsTo(test, async (e) => {
      delivered.push(e);
    });
    await deleteAccount(ctx, ana.id);
    await delivery.drain();
    await delivery.stop();
    const deleted = delivered.find((e) => e.type === "user.deleted");
    expect(deleted?.payload).toEqual({ userId: ana.id });
    if (!deleted) return;

    await handleEvent(ctx, deleted);
    const once = {
      paid: await storedOrder(ctx, paid.id),
      awaiting: await storedOrder(ctx, awaiting.id),
      someoneElse: await storedOrder(ctx, someoneElse.id),
    };
    for (const name of ["paid", "awaiting"] as const) {
      const item = once[name];
      expect(item.email, name).toBe(ANONYMISED_EMAIL);
      expect(item.address, name).toEqual({
        address: ANONYMISED_TEXT,
        city: ANONYMISED_TEXT,
        zipCode: ANONYMISED_TEXT,
        phone: ANONYMISED_TEXT,
        country: "Spain",
      });
      expect(item.anonymisedAt, name).toBe(deleted.occurredAt);
      // Nothing of the person is left anywhere in the item.
      const text = JSON.stringify(item);
      for (const personal of [email, home.address, home.apartment, home.company, home.city]) {
        expect(text, name).not.toContain(personal);
      }
      expect(text, name).not.toContain(home.zipCode);
      expect(text, name).not.toContain(home.phone);
      // Amounts, lines, dates, state, number, payment: as they were.
      expect(accounting(item), name).toEqual(accounting(before[name]));
    }
    expect(once.paid.totalCents).toBe(paid.totalCents);
    expect(once.paid.payment).toBe("paid");
    // Another customer's order is not touched.
    expect(once.someoneElse).toEqual(before.someoneElse);
    // The invoice already issued stays in the invoices bucket, as issued.
    expect(await getInvoicePdf(ctx, paid.id)).not.toBeNull();

    // Delivered again (a retry, a duplicate): nothing changes, not even the mark's time.
    await handleEvent(ctx, { ...deleted, occurredAt: new Date(Date.now() + 60_000).toISOString() });
    await handleEvent(ctx, deleted);
    expect(await storedOrder(ctx, paid.id)).toEqual(once.paid);
    expect(await storedOrder(ctx, awaiting.id)).toEqual(once.awaiting);
    expect(await storedOrder(ctx, someoneElse.id)).toEqual(before.someoneElse);
  });

  it("an order paid after the deletion gets its invoice but no e-mail, and cannot be shipped", async () => {
    const { ctx, ana, order } = await shopWithCustomer();
    const late = await order(1);
    await deleteAccount(ctx, ana.id);
    await handleEvent(ctx, event("user.deleted", { userId: ana.id }));

    await confirmCardPayment(ctx, { userId: ana.id, orderId: late.id, card: VISA });
    await handleEvent(ctx, event("order.paid", { orderId: late.id, userId: ana.id }));
    const paid = await getOrder(ctx, late.id);
    expect(paid?.payment).toBe("paid");
    expect(paid?.invoiceKey).toBeTruthy();
    expect(paid?.confirmationQueuedAt).toBeUndefined();
    expect(await getInvoicePdf(ctx, late.id)).not.toBeNull();

    await expect(changeOrderState(ctx, late.id, "SHIPPED")).rejects.toThrow(
      ORDER_ANONYMISED_FOR_SHIPPING,
    );
    // Cancelling (and refunding) is what is left to do.
    const canceled = await changeOrderState(ctx, late.id, "CANCELED");
    expect(canceled.state).toBe("CANCELED");
    expect(canceled.refundedAt).toBeTruthy();
  });

  it("ignores an event without a user id", async () => {
    const { ctx, order } = await shopWithCustomer();
    const untouched = await order(1);
    const before = await storedOrder(ctx, untouched.id);
    await handleEvent(ctx, event("user.deleted", {}));
    await handleEvent(ctx, event("user.deleted", { userId: 42 }));
    expect(await storedOrder(ctx, untouched.id)).toEqual(before);
  });
});
