// The local cloud's event delivery as `npm start` wires it: the table's stream → the dispatcher
// → the in-process mail and newsletter queues → the mailer and the fan-out, the same handler
// files Lambda runs. Delivery is at least once; the reactions are idempotent, so delivering the
// same stream batch again sends nobody a second e-mail.
import type { _Record } from "@aws-sdk/client-dynamodb-streams";
import { unitsOfEach } from "@shop/core/inventory";
import { createUser, deleteAccount } from "@shop/core/server/accounts";
import { createProduct } from "@shop/core/server/catalog";
import { placeOrder } from "@shop/core/server/checkout";
import { eventFromStreamRecord } from "@shop/core/server/events";
import { queueMail } from "@shop/core/server/mail";
import {
  getNewsletterSend,
  requestNewsletterSend,
  setSubscription,
} from "@shop/core/server/newsletter";
import { getOrder } from "@shop/core/server/orders";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { localStreamHandlers } from "./functions.ts";
import { createTestContext, deliverTableStream, type TestContext } from "./testing.ts";

interface StoredMail {
  subject: string;
  destination: { to: string[] };
}
const mailsTo = async (to: string) => {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  return ((await res.json()) as { emails: StoredMail[] }).emails.filter((m) =>
    m.destination.to.includes(to),
  );
};
const run = () => Math.random().toString(36).slice(2, 8);

let test: TestContext;
let deliver: Awaited<ReturnType<typeof localStreamHandlers>>;
/** Every batch delivered, to deliver some again as a retry would. */
const batches: _Record[][] = [];

beforeAll(async () => {
  test = await createTestContext();
  // The handlers build their context from the environment, like a Lambda or `npm start`.
  Object.assign(process.env, test.env);
  deliver = await localStreamHandlers();
});

function deliverAll() {
  return deliverTableStream(test, {
    filter: (record) => eventFromStreamRecord(record as never) !== null,
    deliver: async (records) => {
      batches.push(records);
      await deliver({ Records: records as never });
    },
  });
}

const typesIn = (records: _Record[]) => records.map((r) => eventFromStreamRecord(r as never)?.type);

describe("local event delivery through the dispatcher and the queues", () => {
  it("sends a queued e-mail once, also when the stream delivers its batch again", async () => {
    const delivery = await deliverAll();
    const to = `local-${run()}@example.com`;
    await queueMail(test.ctx, { to, subject: "Through the mail queue", text: "Hello" });
    await delivery.drain();
    await delivery.stop();
    expect(await mailsTo(to)).toHaveLength(1);

    const batch = batches.find((b) => typesIn(b).includes("mail.requested"));
    await deliver({ Records: batch as never });
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Through the mail queue");
  });

  it("fans a newsletter out to every subscriber once, also when the request is delivered again", async () => {
    const delivery = await deliverAll();
    const subscribers = [`a-${run()}@example.com`, `b-${run()}@example.com`];
    for (const email of subscribers) await setSubscription(test.ctx, email, true);
    const send = await requestNewsletterSend(test.ctx, {
      subject: `News ${run()}`,
      body: "Autumn collection",
    });
    await delivery.drain(20_000);

    const request = batches.find((b) => typesIn(b).includes("newsletter.send.requested"));
    await deliver({ Records: request as never });
    await delivery.drain(20_000);
    await delivery.stop();

    for (const email of subscribers) {
      const mails = (await mailsTo(email)).filter((m) => m.subject === send.subject);
      expect(mails, email).toHaveLength(1);
    }
    const progress = await getNewsletterSend(test.ctx, send.id);
    expect(progress?.status).toBe("queued");
    expect(progress?.sent).toBe(progress?.total);
    expect(progress?.queued).toBe(progress?.total);
  });

  it("anonymises a deleted account's orders (the order reactions take user.deleted), also when delivered again", async () => {
    const delivery = await deliverAll();
    const coat = await createProduct(test.ctx, {
      slug: `coat-${run()}`,
      name: "Coat",
      category: "Women",
      priceCents: 9000,
      description: "A coat",
      sizes: ["M"],
      stock: unitsOfEach(["M"], 50),
      images: [{ key: "coat.svg", alt: "coat" }],
    });
    const email = `deleted-${run()}@example.com`;
    const user = await createUser(test.ctx, {
      firstName: "Ana",
      lastName: "García",
      email,
      password: "secret1",
    });
    const { order } = await placeOrder(test.ctx, {
      userId: user.id,
      email,
      lines: [{ productId: coat.id, size: "M", quantity: 1 }],
      address: {
        address: "1 Main St",
        country: "Spain",
        city: "Madrid",
        zipCode: "28001",
        phone: "600000000",
      },
      deliveryMethod: "STANDARD",
    });
    await deleteAccount(test.ctx, user.id);
    await delivery.drain();
    await delivery.stop();
    const anonymised = await getOrder(test.ctx, order.id);
    expect(anonymised?.email).not.toBe(email);
    expect(anonymised?.address.city).not.toBe("Madrid");
    expect(anonymised?.totalCents).toBe(order.totalCents);

    const batch = batches.find((b) => typesIn(b).includes("user.deleted"));
    await deliver({ Records: batch as never });
    expect(await getOrder(test.ctx, order.id)).toEqual(anonymised);
  });
});
