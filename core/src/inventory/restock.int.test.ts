// Back-in-stock notices against DynamoDB Local: one request per address, product and variant (a
// colour in a size); when that variant has units again every address waiting for it gets exactly
// one e-mail with a link to the product in that colour and size, even with the stock event
// delivered five times at once, and the requests are cleared. Addresses waiting for another
// colour of the same size are not mailed.
import { createTestContext, queuedMails } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { variantName } from "../catalog/variants.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { notifyRestocked, requestRestockNotice, waitingFor } from "./restock.server.ts";
import { COLOUR_NOT_OFFERED, SIZE_IN_STOCK } from "./schemas.ts";
import { STOCK_CHANGED, saveStock } from "./stock.server.ts";

const product = {
  id: "p-restock",
  name: "Rain Jacket",
  slug: "rain-jacket",
  colours: ["navy", "forest"],
  sizes: ["S", "M"],
  variantName,
};

const stockChanged = (): DomainEvent => ({
  id: crypto.randomUUID(),
  type: STOCK_CHANGED,
  payload: { productIds: [product.id] },
  occurredAt: new Date().toISOString(),
});

describe("back in stock", () => {
  it("mails only the addresses waiting for that variant once when it is raised, and clears them", async () => {
    const { ctx } = await createTestContext();
    await saveStock(ctx, product.id, [
      { key: "navy/S", shown: 0, typed: 0 },
      { key: "forest/S", shown: 0, typed: 0 },
      { key: "navy/M", shown: 0, typed: 4 },
    ]);
    await requestRestockNotice(ctx, product, {
      colour: "navy",
      size: "S",
      email: "Ana@Example.com",
    });
    await requestRestockNotice(ctx, product, {
      colour: "navy",
      size: "S",
      email: "ana@example.com",
    });
    // No colour: the first colourway's.
    await requestRestockNotice(ctx, product, { size: "S", email: "bob@example.com" });
    await requestRestockNotice(ctx, product, {
      colour: "forest",
      size: "S",
      email: "cy@example.com",
    });
    expect((await waitingFor(ctx, product.id, "navy/S")).map((r) => r.email)).toEqual([
      "ana@example.com",
      "bob@example.com",
    ]);
    await expect(
      requestRestockNotice(ctx, product, { colour: "navy", size: "M", email: "ana@example.com" }),
    ).rejects.toMatchObject({ message: SIZE_IN_STOCK });
    await expect(
      requestRestockNotice(ctx, product, { colour: "teal", size: "S", email: "ana@example.com" }),
    ).rejects.toMatchObject({ message: COLOUR_NOT_OFFERED, field: "colour" });

    // Still sold out: a stock event mails nobody.
    expect(await notifyRestocked(ctx, stockChanged())).toBe(0);

    await saveStock(ctx, product.id, [{ key: "navy/S", shown: 0, typed: 2 }]);
    const event = stockChanged();
    const mailed = await Promise.all(Array.from({ length: 5 }, () => notifyRestocked(ctx, event)));
    expect(mailed.reduce((a, b) => a + b, 0)).toBe(2);
    const mails = (await queuedMails(ctx)).filter((m) => /back in stock/.test(m.subject));
    expect(mails.map((m) => m.to).sort()).toEqual(["ana@example.com", "bob@example.com"]);
    for (const mail of mails) {
      expect(mail.subject).toBe("Rain Jacket is back in stock");
      expect(mail.html).toContain(
        `${ctx.config.appUrl}/product/rain-jacket?colour=navy&amp;size=S`,
      );
      expect(mail.text).toContain(`${ctx.config.appUrl}/product/rain-jacket?colour=navy&size=S`);
      expect(mail.text).toContain("Navy, Small");
    }
    expect(await waitingFor(ctx, product.id, "navy/S")).toEqual([]);
    // The forest one still waits for its own colour.
    expect((await waitingFor(ctx, product.id, "forest/S")).map((r) => r.email)).toEqual([
      "cy@example.com",
    ]);
  });
});
