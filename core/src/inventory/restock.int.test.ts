// Back-in-stock notices against DynamoDB Local: one request per address, product and size; when
// the size has units again every waiting address gets exactly one e-mail with a link to the
// product, even with the stock event delivered five times at once, and the requests are cleared.
import { createTestContext, queuedMails } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import type { DomainEvent } from "../events/events.server.ts";
import { notifyRestocked, requestRestockNotice, waitingFor } from "./restock.server.ts";
import { SIZE_IN_STOCK } from "./schemas.ts";
import { STOCK_CHANGED, saveStock } from "./stock.server.ts";

const product = {
  id: "p-restock",
  name: "Rain Jacket",
  slug: "rain-jacket",
  sizes: [
    { tag: "S", name: "Small" },
    { tag: "M", name: "Medium" },
  ],
};

const stockChanged = (): DomainEvent => ({
  id: crypto.randomUUID(),
  type: STOCK_CHANGED,
  payload: { productIds: [product.id] },
  occurredAt: new Date().toISOString(),
});

describe("back in stock", () => {
  it("mails each waiting address once when an admin raises a sold-out size, and clears them", async () => {
    const { ctx } = await createTestContext();
    await saveStock(ctx, product.id, [
      { size: "S", shown: 0, typed: 0 },
      { size: "M", shown: 0, typed: 4 },
    ]);
    await requestRestockNotice(ctx, product, { size: "S", email: "Ana@Example.com" });
    await requestRestockNotice(ctx, product, { size: "S", email: "ana@example.com" });
    await requestRestockNotice(ctx, product, { size: "S", email: "bob@example.com" });
    expect((await waitingFor(ctx, product.id, "S")).map((r) => r.email)).toEqual([
      "ana@example.com",
      "bob@example.com",
    ]);
    await expect(
      requestRestockNotice(ctx, product, { size: "M", email: "ana@example.com" }),
    ).rejects.toMatchObject({ message: SIZE_IN_STOCK });

    // Still sold out: a stock event mails nobody.
    expect(await notifyRestocked(ctx, stockChanged())).toBe(0);

    await saveStock(ctx, product.id, [{ size: "S", shown: 0, typed: 2 }]);
    const event = stockChanged();
    const mailed = await Promise.all(Array.from({ length: 5 }, () => notifyRestocked(ctx, event)));
    expect(mailed.reduce((a, b) => a + b, 0)).toBe(2);
    const mails = (await queuedMails(ctx)).filter((m) => /back in stock/.test(m.subject));
    expect(mails.map((m) => m.to).sort()).toEqual(["ana@example.com", "bob@example.com"]);
    for (const mail of mails) {
      expect(mail.subject).toBe("Rain Jacket is back in stock");
      expect(mail.html).toContain(`${ctx.config.appUrl}/product/rain-jacket?size=S`);
      expect(mail.text).toContain(`${ctx.config.appUrl}/product/rain-jacket?size=S`);
    }
    expect(await waitingFor(ctx, product.id, "S")).toEqual([]);
  });
});
