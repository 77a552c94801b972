// The admin's customers (docs/product.md §10 "Customers") against DynamoDB Local: the list newest
// first from its index (never a Scan), its search, the backfill of older accounts, and one
// customer's page (orders, total spent, reviews, newsletter).
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, recordCommands, type TestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { deleteAccount } from "../accounts/auth.server.ts";
import { createUser } from "../accounts/users.server.ts";
import { confirmCardPayment } from "../checkout/card-payment.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import { createShirt, TEST_ADDRESS, VISA } from "../checkout/test-fixtures.ts";
import { userKey } from "../db/keys.ts";
import { recordMailEvent } from "../mail/reputation.server.ts";
import { setSubscription } from "../newsletter/subscriptions.server.ts";
import { changeOrderState } from "../orders/admin-changes.server.ts";
import { addReview } from "../reviews/reviews.server.ts";
import { backfillCustomerIndex } from "./backfill.server.ts";
import { INVALID_CURSOR, listCustomers } from "./list.server.ts";
import { customerOverview } from "./overview.server.ts";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 9));

async function signUps(test: TestContext, count: number) {
  const people = [];
  for (let i = 0; i < count; i++) {
    people.push(
      await createUser(
        test.ctx,
        {
          firstName: i === 7 ? "Ana" : `Person${i}`,
          lastName: i === 7 ? "García" : "Smith",
          email: i === 7 ? "ana.garcia@example.com" : `person${i}@example.org`,
          password: "secret1",
        },
        { now: day(i) },
      ),
    );
  }
  return people;
}

describe("the customers list", () => {
  it("lists accounts newest first, 20 a page, from one Query of its index (no Scan)", async () => {
    const test = await createTestContext();
    const people = await signUps(test, 25);
    const commands = recordCommands(test);
    test.resetTableCalls();

    const first = await listCustomers(test.ctx);
    expect(test.tableCalls()).toBe(1);
    expect(first.customers.map((c) => c.email)).toEqual(
      people
        .slice(5)
        .reverse()
        .map((p) => p.email),
    );
    expect(first.customers[0]).toEqual({
      id: people[24]?.id,
      firstName: "Person24",
      lastName: "Smith",
      email: "person24@example.org",
      createdAt: day(24).toISOString(),
      isAdmin: false,
    });
    expect(first.cursor).toBeTruthy();

    const second = await listCustomers(test.ctx, { cursor: first.cursor });
    expect(second.customers.map((c) => c.email)).toEqual(
      people
        .slice(0, 5)
        .reverse()
        .map((p) => p.email),
    );
    expect(second.cursor).toBeUndefined();
    expect(commands).toEqual(["QueryCommand", "QueryCommand"]);
    await expect(listCustomers(test.ctx, { cursor: "bm90LWEta2V5" })).rejects.toThrow(
      INVALID_CURSOR,
    );
  });

  it("searches names and e-mails without case or accents, a whole address exactly", async () => {
    const test = await createTestContext();
    const people = await signUps(test, 25);
    const commands = recordCommands(test);

    const garcia = await listCustomers(test.ctx, { q: "garcia" });
    expect(garcia.customers.map((c) => c.id)).toEqual([people[7]?.id]);
    expect(garcia.cursor).toBeUndefined();
    expect((await listCustomers(test.ctx, { q: "ANA GARCÍA" })).customers).toHaveLength(1);
    expect((await listCustomers(test.ctx, { q: "nobody" })).customers).toEqual([]);

    // Part of an address: every match, newest first, paged like the list.
    const org = await listCustomers(test.ctx, { q: "@example.org", limit: 10 });
    expect(org.customers.map((c) => c.email)).toEqual(
      people
        .filter((_, i) => i !== 7)
        .reverse()
        .slice(0, 10)
        .map((p) => p.email),
    );
    const next = await listCustomers(test.ctx, {
      q: "@example.org",
      limit: 10,
      cursor: org.cursor,
    });
    expect(next.customers[0]?.email).toBe("person14@example.org");
    expect(commands.every((name) => name === "QueryCommand")).toBe(true);

    // A whole address: through its claim, two GetItems.
    commands.length = 0;
    const exact = await listCustomers(test.ctx, { q: "Ana.Garcia@example.com" });
    expect(exact.customers.map((c) => c.id)).toEqual([people[7]?.id]);
    expect(commands).toEqual(["GetItemCommand", "GetItemCommand"]);
    expect((await listCustomers(test.ctx, { q: "nobody@example.com" })).customers).toEqual([]);
    expect(commands).not.toContain("ScanCommand");
  });

  it("leaves out a deleted account", async () => {
    const test = await createTestContext();
    const [gone, kept] = await signUps(test, 2);
    await deleteAccount(test.ctx, String(gone?.id));
    expect((await listCustomers(test.ctx)).customers.map((c) => c.id)).toEqual([kept?.id]);
    expect(await customerOverview(test.ctx, String(gone?.id))).toBeNull();
  });

  it("gives accounts from before the index their key, once", async () => {
    const test = await createTestContext();
    const [recent] = await signUps(test, 1);
    // An account as sign-up wrote it before the customers list existed: no gsi1 key.
    await test.ctx.db.send(
      new PutCommand({
        TableName: test.ctx.tableName,
        Item: {
          ...userKey("old-1"),
          entity: "user",
          id: "old-1",
          firstName: "Olga",
          lastName: "Older",
          email: "olga@example.com",
          isAdmin: false,
          emailVerified: true,
          createdAt: "2020-05-01T10:00:00.000Z",
          passwordHash: "x",
        },
      }),
    );
    expect((await listCustomers(test.ctx)).customers.map((c) => c.id)).toEqual([recent?.id]);

    expect(await backfillCustomerIndex(test.ctx)).toBe(1);
    expect((await listCustomers(test.ctx)).customers.map((c) => c.id)).toEqual([
      recent?.id,
      "old-1",
    ]);
    const commands = recordCommands(test);
    expect(await backfillCustomerIndex(test.ctx)).toBe(0);
    expect(commands).toEqual(["GetItemCommand"]);
  });
});

describe("a customer's page", () => {
  it("shows every order with its total, what was spent, the reviews and the newsletter", async () => {
    const test = await createTestContext();
    const { ctx } = test;
    const shirt = await createShirt(ctx);
    const customer = await createUser(
      ctx,
      { firstName: "Carla", lastName: "Customer", email: "carla@example.com", password: "secret1" },
      { now: day(0) },
    );
    const line = { productId: shirt.id, size: "M" as const, quantity: 2 };
    const place = (n: number) =>
      placeOrder(
        ctx,
        {
          userId: customer.id,
          email: customer.email,
          lines: [line],
          address: TEST_ADDRESS,
          deliveryMethod: "STANDARD",
        },
        day(n),
      );
    const pay = (orderId: string, n: number) =>
      confirmCardPayment(ctx, { userId: customer.id, orderId, card: VISA }, day(n));

    const paid = await pay((await place(1)).order.id, 1);
    const unpaid = (await place(2)).order;
    const refunded = await pay((await place(3)).order.id, 3);
    await changeOrderState(ctx, refunded.id, "CANCELED");
    await addReview(ctx, customer, shirt.id, { rating: 5, description: "Lovely" }, day(4));
    await setSubscription(ctx, customer.email, true);
    // Another customer's order and review count for them, not for Carla.
    const other = await createUser(ctx, {
      firstName: "Otto",
      lastName: "Other",
      email: "otto@example.com",
      password: "secret1",
    });
    await confirmCardPayment(ctx, {
      userId: other.id,
      orderId: (
        await placeOrder(ctx, {
          userId: other.id,
          email: other.email,
          lines: [line],
          address: TEST_ADDRESS,
          deliveryMethod: "STANDARD",
        })
      ).order.id,
      card: VISA,
    });
    await addReview(ctx, other, shirt.id, { rating: 4, description: "Fine" });

    const page = await customerOverview(ctx, customer.id);
    expect(page?.customer).toMatchObject({
      id: customer.id,
      email: "carla@example.com",
      createdAt: day(0).toISOString(),
    });
    expect(page?.orders.map((o) => o.number)).toEqual([
      refunded.number,
      unpaid.number,
      paid.number,
    ]);
    expect(page?.orders[2]).toMatchObject({ id: paid.id, totalCents: paid.totalCents });
    expect(page?.totalSpentCents).toBe(paid.totalCents);
    expect(page?.reviewCount).toBe(1);
    expect(page?.subscribed).toBe(true);
    expect(page?.mailState).toBeNull();

    // SES reported a hard bounce of a mail to Carla (core/src/mail/reputation.ts).
    await recordMailEvent(
      ctx,
      {
        eventType: "Bounce",
        bounce: {
          bounceType: "Permanent",
          bouncedRecipients: [{ emailAddress: "Carla@example.com" }],
          timestamp: "2026-11-20T08:00:00.000Z",
        },
        mail: { messageId: "bounced" },
      },
      async () => {},
    );
    expect((await customerOverview(ctx, customer.id))?.mailState).toBe(
      "Hard bounce on 2026-11-20: mail suppressed (password resets and e-mail changes still sent)",
    );

    await setSubscription(ctx, customer.email, false);
    expect((await customerOverview(ctx, customer.id))?.subscribed).toBe(false);
    expect(await customerOverview(ctx, "no-such-user")).toBeNull();
  });
});
