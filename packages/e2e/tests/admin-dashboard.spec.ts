// Admin · Dashboard (docs/product.md §10 "Dashboard"): a customer pays an order at the checkout
// and, once the order events reach the aggregates (asynchronously, through the stream), the
// dashboard's revenue for today has grown by its total; the revenue chart is an SVG with its
// accessible name, rendered on the server (so also without JavaScript); axe finds nothing
// serious. Other tests pay orders at the same time, so the revenue grows by at least the total.
// A best seller's row splits its units by colour, on a desktop and on a phone. Each promotion's
// paid orders and discount given show in the dashboard's "Discounts per promotion" and on the
// promotions screen, on a desktop and on a phone (docs/product.md §9 "Discount given").
import type { Browser, Page } from "@playwright/test";
import { createUser } from "@shop/core/server/accounts";
import { createProduct, deleteProduct } from "@shop/core/server/catalog";
import { confirmCardPayment, placeOrder } from "@shop/core/server/checkout";
import { createOffer, deletePromotion } from "@shop/core/server/promotions";
import { openCheckout } from "../support/checkout";
import { expect, type StorageState, test } from "../support/fixtures";
import { ORDER_ADDRESS, orderOf } from "../support/orders";
import { expectFitsPhone, serious } from "../support/pages";
import { shopContext } from "../support/shop";

const CHART = "Revenue per day, last 30 days";
let seq = 0;
const address = () => `203.0.113.${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}`;

/** "1234.50 €" → 123450 (the dashboard's amounts are never negative). */
function cents(text: string | null): number {
  const match = /(\d+)\.(\d{2}) €/.exec(text ?? "");
  if (!match) throw new Error(`not an amount in euro: ${text}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

async function adminOnDashboard(
  browser: Browser,
  adminState: StorageState,
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await browser.newContext({
    storageState: adminState,
    javaScriptEnabled,
    extraHTTPHeaders: { "cloudfront-viewer-address": address() },
  });
  const page = await context.newPage();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  return page;
}

const revenueToday = async (page: Page) =>
  cents(await page.getByTestId("period-1-revenue").textContent());

test("a customer's paid order raises today's revenue on the dashboard by its total", async ({
  page,
  browser,
  adminState,
  customer: _,
}) => {
  test.slow(); // a checkout, the stream's delivery and two browsers on a shared machine
  const admin = await adminOnDashboard(browser, adminState);
  const before = await revenueToday(admin);

  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": address() });
  await openCheckout(page);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Confirm order" }).click();
  await expect(page).toHaveURL(/\/order\/confirm-order\?id=/);
  await expect(page.getByText("Thank you for your order")).toBeVisible();
  const total = cents(await page.getByTestId("order-total").textContent());
  expect(total).toBeGreaterThan(0);

  // order.paid reaches the aggregates through the stream: look again until it has.
  await expect
    .poll(
      async () => {
        await admin.reload();
        return revenueToday(admin);
      },
      { timeout: 30_000, intervals: [500, 1000] },
    )
    .toBeGreaterThanOrEqual(before + total);
  await expect(admin.getByTestId("period-1-paid-orders")).not.toHaveText("0");
  await admin.context().close();
});

test("the dashboard draws its charts on the server as named SVG images, reads well and fits a phone", async ({
  browser,
  adminState,
}) => {
  // An axe pass and two widths: on a loaded machine, past the default 30 s (21 s seen alone).
  test.slow();
  const page = await adminOnDashboard(browser, adminState);
  const chart = page.getByRole("img", { name: CHART });
  await expect(chart).toBeVisible();
  expect(await chart.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
  await expect(chart.locator("rect")).toHaveCount(30);
  await expect(page.getByRole("img", { name: "Orders by state" })).toBeVisible();
  // The figures are also a table for screen readers.
  await expect(page.getByRole("table", { name: CHART }).getByRole("row")).toHaveCount(31);
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }),
  ).toHaveAttribute("aria-current", "page");
  expect(await serious(page)).toEqual([]);
  await expectFitsPhone(page);
  await page.context().close();
});

test("a best seller's row splits its units by colour, on a desktop and on a phone", async ({
  browser,
  adminState,
}, info) => {
  test.slow(); // two orders through the stream, and a shared machine
  const ctx = shopContext();
  const id = `${info.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const name = `Dashboard Polo ${id}`;
  const sizes = ["M", "L"] as const;
  const polo = await createProduct(
    ctx,
    {
      slug: `dashboard-polo-${id}`,
      name,
      category: "Men",
      priceCents: 3000,
      description: "Sold in two colours.",
      sizes: [...sizes],
      colours: ["navy", "forest"],
      stock: { "navy/M": 500, "navy/L": 500, "forest/M": 500, "forest/L": 500 },
      // Seeded pictures, so the catalogue shows no broken picture while it exists.
      images: [
        {
          key: "products/organic-cotton-crew-t-shirt/1.svg",
          alt: `${name} in navy`,
          colour: "navy",
        },
        {
          key: "products/organic-cotton-crew-t-shirt/2.svg",
          alt: `${name} in forest`,
          colour: "forest",
        },
      ],
    },
    // Older than the catalogue's first pages, which other tests count.
    { createdAt: "2020-01-01T00:00:00.000Z" },
  );
  try {
    const buyer = await createUser(ctx, {
      firstName: "Dana",
      lastName: "Dashboard",
      email: `dashboard+${id}@example.com`,
      password: "secret1",
    });
    const buy = (lines: Array<[string, "M" | "L", number]>) =>
      orderOf(
        buyer,
        lines.map(([colour, size, quantity]) => ({ productId: polo.id, colour, size, quantity })),
      );
    await buy([
      ["navy", "M", 9],
      ["navy", "L", 9],
      ["forest", "M", 9],
    ]);
    await buy([
      ["navy", "M", 9],
      ["forest", "L", 5],
    ]);

    const page = await adminOnDashboard(browser, adminState);
    const row = page.getByTestId("top-product").filter({ hasText: name });
    // order.paid reaches the aggregates through the stream: look again until it has.
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await row.count()) > 0 ? row.getByRole("cell").last().textContent() : null;
        },
        { timeout: 30_000, intervals: [500, 1000] },
      )
      .toBe("41");
    await expect(row.getByTestId("top-product-colours")).toHaveText("Navy 27 · Forest 14");

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(row.getByTestId("top-product-colours")).toBeVisible();
    await expect(row.getByRole("link", { name })).toBeVisible();
    await expectFitsPhone(page);
    await page.context().close();
  } finally {
    await deleteProduct(ctx, polo.id);
  }
});

test("each promotion's paid orders and discount given show on the dashboard and the promotions screen, on a desktop and on a phone", async ({
  browser,
  adminState,
}, info) => {
  test.slow(); // two orders through the stream, two screens and a shared machine
  const ctx = shopContext();
  const id = `${info.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const name = `Promoted Dress ${id}`;
  const dress = await createProduct(
    ctx,
    {
      slug: `promoted-dress-${id}`,
      name,
      category: "Women",
      priceCents: 4000,
      description: "On offer.",
      sizes: ["M"],
      stock: { M: 50 },
      images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name }],
    },
    // Older than the catalogue's first pages, which other tests count.
    { createdAt: "2020-01-01T00:00:00.000Z" },
  );
  // Only this test's dress: other tests' orders are not given it.
  const offer = await createOffer(ctx, {
    label: `Dress sale ${id}`,
    effect: { kind: "percent-off-items", percent: 20, target: { productIds: [dress.id] } },
    conditions: {},
  });
  const code = await createOffer(ctx, {
    code: `DASH-${info.project.name.slice(0, 1).toUpperCase()}${Date.now().toString(36)}`,
    label: `Five off ${id}`,
    effect: { kind: "amount-off-order", amountCents: 500 },
    conditions: {},
  });
  try {
    const buyer = await createUser(ctx, {
      firstName: "Pat",
      lastName: "Promo",
      email: `dashboard-promo+${id}@example.com`,
      password: "secret1",
    });
    const buy = async (promotionCode?: string) => {
      const placed = await placeOrder(ctx, {
        userId: buyer.id,
        email: buyer.email,
        lines: [{ productId: dress.id, size: "M", quantity: 1 }],
        address: ORDER_ADDRESS,
        deliveryMethod: "STANDARD",
        ...(promotionCode ? { promotionCode } : {}),
      });
      await confirmCardPayment(ctx, {
        userId: buyer.id,
        orderId: placed.order.id,
        card: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
      });
    };
    // 40 € + 25% tax = 50 €: the offer takes 10 € off each order, the code 5 € off one.
    await buy(code.id);
    await buy();

    const page = await adminOnDashboard(browser, adminState);
    const table = page.getByRole("region", { name: "Discounts per promotion, last 30 days" });
    const rowOf = (label: string) =>
      table.getByTestId("promotion-sales").filter({ hasText: label });
    // order.paid reaches the aggregates through the stream: look again until it has.
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await rowOf(offer.label).count()) > 0 && (await rowOf(code.label).count()) > 0;
        },
        { timeout: 30_000, intervals: [500, 1000] },
      )
      .toBe(true);
    await expect(rowOf(offer.label).getByTestId("promotion-sales-orders")).toHaveText("2");
    await expect(rowOf(offer.label).getByTestId("promotion-sales-discount")).toHaveText("20.00 €");
    await expect(rowOf(offer.label)).toContainText("Automatic");
    await expect(rowOf(code.label).getByTestId("promotion-sales-orders")).toHaveText("1");
    await expect(rowOf(code.label).getByTestId("promotion-sales-discount")).toHaveText("5.00 €");
    await expect(rowOf(code.label)).toContainText(code.id);
    expect(await serious(page)).toEqual([]);

    await page.goto("/admin/promotions");
    const card = (heading: string, label: string) =>
      page
        .getByTestId("promotion-row")
        .filter({ has: page.getByRole("heading", { name: heading }) })
        .filter({ hasText: label });
    await expect(card(code.id, code.label).getByTestId("promotion-orders")).toHaveText("1");
    await expect(card(code.id, code.label).getByTestId("promotion-discount-given")).toHaveText(
      "5.00 €",
    );
    const automatic = card("Automatic", offer.label);
    await expect(automatic.getByTestId("promotion-orders")).toHaveText("2");
    await expect(automatic.getByTestId("promotion-discount-given")).toHaveText("20.00 €");

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(automatic.getByTestId("promotion-discount-given")).toBeVisible();
    await expectFitsPhone(page);
    await page.goto("/admin");
    await expect(rowOf(offer.label).getByTestId("promotion-sales-discount")).toBeVisible();
    await expectFitsPhone(page);
    await page.context().close();
  } finally {
    await deletePromotion(ctx, offer.id);
    await deletePromotion(ctx, code.id);
    await deleteProduct(ctx, dress.id);
  }
});

test.describe("without JavaScript", () => {
  test("the revenue chart is there, an SVG with its accessible name", async ({
    browser,
    adminState,
  }) => {
    const page = await adminOnDashboard(browser, adminState, false);
    const chart = page.getByRole("img", { name: CHART });
    await expect(chart).toBeVisible();
    expect(await chart.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
    await expect(chart.locator("rect")).toHaveCount(30);
    await expect(page.getByTestId("period-30-revenue")).toHaveText(/\d+\.\d{2} €/);
    await page.context().close();
  });
});
