// The mail service stalls after a payment, against the local SES behind a proxy that stops
// answering: the order is paid, the confirmation cannot be sent, the delivery is tried again (as
// the mail queue redelivers), and after the resume exactly one confirmation arrives, with its
// invoice attached.
import { startStallProxy } from "@shop/local-cloud";
import { createTestContext, deliverEventsTo } from "@shop/local-cloud/testing";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { confirmCardPayment } from "../checkout/card-payment.server.ts";
import { placeOrder } from "../checkout/placing.server.ts";
import { createShirt, TEST_ADDRESS, VISA } from "../checkout/test-fixtures.ts";
import { isDependencyUnavailable } from "../common/errors.ts";
import { createContext, loadConfig } from "../context/index.server.ts";
import { getOrder } from "../orders/orders.server.ts";
import { handleEvent } from "../reactions/reactions.server.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  attachments: Array<{ filename: string; content: string }>;
}

async function mailTo(to: string): Promise<StoredMail[]> {
  const res = await fetch(`${inject("cloud").mailboxUrl}/store`);
  const { emails } = (await res.json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(to));
}

describe("a mail service that stalls after a payment", () => {
  it("sends the confirmation with its invoice exactly once, after the resume", async () => {
    const test = await createTestContext();
    const { ctx, env } = test;
    const ses = await startStallProxy(env.SES_ENDPOINT as string);
    const stalling = createContext(
      loadConfig({ ...env, SES_ENDPOINT: ses.url, DEPENDENCY_DEADLINES: "aws" }),
    );
    const shirt = await createShirt(ctx);
    const email = `stalled-mail-${crypto.randomUUID()}@example.com`;
    const { order } = await placeOrder(ctx, {
      userId: "u1",
      email,
      lines: [{ productId: shirt.id, size: "M", quantity: 1 }],
      address: TEST_ADDRESS,
      deliveryMethod: "STANDARD",
    });
    await confirmCardPayment(ctx, {
      userId: "u1",
      orderId: order.id,
      card: VISA,
    });
    expect((await getOrder(ctx, order.id))?.payment).toBe("paid");

    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => {
      logged.push(String(line));
    });
    const failures: unknown[] = [];
    ses.stall();
    // The reactions of the mailer's function, with its SES behind the stalled proxy; a failed
    // batch comes back, as the mail queue redelivers a message that was not deleted.
    const delivery = await deliverEventsTo(
      test,
      async (event) => {
        try {
          await handleEvent(stalling, event);
        } catch (error) {
          failures.push(error);
          throw error;
        }
      },
      { maxAttempts: 30, retryDelayMs: 100 },
    );
    try {
      await vi.waitFor(() => expect(failures.length).toBeGreaterThan(0), {
        timeout: 30_000,
        interval: 100,
      });
      expect(failures.every(isDependencyUnavailable)).toBe(true);
      expect(failures[0]).toMatchObject({ dependency: "ses", operation: "SendEmail" });
      expect(await mailTo(email)).toEqual([]);

      ses.resume();
      await delivery.drain(60_000);
    } finally {
      await delivery.stop();
      await ses.close();
    }

    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual([`Your Threadline order ${order.number}`]);
    expect(mails[0]?.attachments.map((a) => a.filename)).toEqual([`invoice-${order.number}.pdf`]);
    expect(
      Buffer.from(mails[0]?.attachments[0]?.content ?? "", "base64")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // Each unanswered send: one line naming the mail service.
    const lines = logged
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBe(failures.length);
    for (const line of lines) {
      expect(line).toMatchObject({ event: "dependency.unavailable", dependency: "ses" });
    }
  });
});
