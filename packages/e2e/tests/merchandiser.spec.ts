// The merchandiser's journey (docs/product.md §9 "Promotions: kinds, conditions and how they
// combine", "On the pages"): the admin creates "20% off Women's dresses" starting tomorrow on the
// promotions screen (audience Women, product type dresses); today the dress's catalogue card, its
// page, a shopper's cart and checkout show nothing of it; the shop's test clock moves to
// tomorrow, and the card and the page name it with the dress's price after it, and the cart and
// the checkout name it and take it off; the shopper pays with the test gateway, the invoice lists it, and returning one of the
// two dresses refunds that dress's discounted price.
//
// The shopper uses a web server of the spec's own, on the test shop's cloud, whose clock is moved
// through its test clock file (core/src/context/clock.server.ts, support/test-clock.ts): the shop
// every other test uses keeps today. The offer targets Women's dresses from tomorrow only, the
// dress is the test's own, and the offer is deleted at the end. The free-delivery code is
// offers.spec.ts's.
import type { Browser, Page } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { formatPrice } from "@shop/core/pricing";
import { createProduct, deleteProduct } from "@shop/core/server/catalog";
import { drawnTexts } from "@shop/core/server/invoices";
import { changeOrderState } from "@shop/core/server/orders";
import { deletePromotion, listOffers } from "@shop/core/server/promotions";
import { expect, type StorageState, signInAt, test } from "../support/fixtures";
import { originHeaders } from "../support/origin";
import { serious } from "../support/pages";
import { shopContext } from "../support/shop";
import { startTestClock, type TestClock } from "../support/test-clock";
import { startWebServer, type WebServer } from "../support/web-server";

const LABEL = "20% off Women's dresses";
/**
 * Each width's offer is its own (its label marks it, so each deletes only its own), yet both
 * target Women's dresses from tomorrow: on a tie the older applies, so the pages may name either.
 */
const labelOf = (project: string) => (project === "desktop" ? LABEL : `${LABEL} (phone)`);
const NAMED = /20% off Women's dresses/;

let server: WebServer | undefined;
let clock: TestClock | undefined;
let seq = 0;
const tag = () => `${Date.now().toString(36)}${seq++}${Math.random().toString(36).slice(2, 6)}`;

test.beforeAll(async () => {
  clock = await startTestClock();
  server = await startWebServer("the web server on a test clock", {
    PAYMENTS: "test",
    TEST_CLOCK_FILE: clock.file,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await clock?.remove();
});

const visitor = () => ({
  ...originHeaders(),
  "cloudfront-viewer-address": `198.51.102.${tag()}`,
});

// The shopper (the `customer` fixture) signs in on the server on a test clock.
test.use(signInAt(() => server?.url ?? ""));
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(visitor());
});

/** "2026-12-01": the day after today in the shop's time zone, as a date field takes it. */
function tomorrow(): string {
  const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: shopContext().config.timeZone }).format(day);
}

/** The admin creates the offer on the promotions screen, in a browser context of its own. */
async function createOfferAsAdmin(
  browser: Browser,
  adminState: StorageState,
  label: string,
): Promise<void> {
  const context = await browser.newContext({ storageState: adminState });
  const admin = await context.newPage();
  await admin.setExtraHTTPHeaders({ "cloudfront-viewer-address": `198.51.103.${tag()}` });
  await admin.goto("/admin/promotions");
  const form = admin.getByRole("form", { name: "New offer" });
  await form.getByLabel("Label").fill(label);
  await form.getByLabel("What it gives").selectOption("percent-off-items");
  await form.getByLabel("Percentage").fill("20");
  await form.getByRole("checkbox", { name: "Women" }).check();
  await form.getByLabel("Target product types").fill("dresses");
  await form.getByLabel("Starts").fill(tomorrow());
  await form.getByRole("button", { name: "Create offer" }).click();
  const listed = admin.getByRole("article", { name: `Promotion ${label}`, exact: true });
  await expect(listed.getByTestId("promotion-gives")).toHaveText("20% off Women, dresses");
  await expect(listed.getByTestId("promotion-state")).toHaveText("scheduled");
  expect(await serious(admin)).toEqual([]);
  await context.close();
}

const summary = (page: Page) => page.getByRole("region", { name: "Order summary" });

test("a merchandiser's 20% off Women's dresses from tomorrow: the shopper sees it tomorrow, pays it, and a returned dress refunds its discounted price", async ({
  page,
  browser,
  adminState,
  customer: _,
}, info) => {
  // A long journey (two browsers, a payment, an invoice, a return and its refund): on a loaded
  // machine it took over 3 minutes, test.slow()'s budget under CI.
  test.setTimeout(420_000);
  const label = labelOf(info.project.name);
  const shop = server?.url ?? "";
  const token = tag();
  const name = `Merchandiser Dress ${token}`;
  const dress = await createProduct(shopContext(), {
    slug: name.toLowerCase().replace(/ /g, "-"),
    name,
    category: "Women",
    productType: "dresses",
    priceCents: 4000,
    description: "A dress for the sale.",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 50),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name }],
  });
  const before = new Set((await listOffers(shopContext())).map((offer) => offer.id));
  try {
    await createOfferAsAdmin(browser, adminState, label);

    // The dress's card, found by searching its own name among Women's clothes, and its page.
    const catalogue = `${shop}/product?category=women&search=${token}`;
    const card = page
      .getByRole("main")
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name, exact: true }) });
    const pageOffers = page.getByRole("list", { name: "Offers" });

    // Today: nothing of it on the card or the page.
    await page.goto(catalogue);
    await expect(card).toBeVisible();
    await expect(card.getByText(NAMED)).toHaveCount(0);
    await page.goto(`${shop}/product/${dress.slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(NAMED)).toHaveCount(0);

    const cart = [{ productId: dress.id, size: "M", quantity: 2 }];
    await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), cart);

    // Today: nothing of it in the cart or at the checkout.
    await page.goto(`${shop}/cart/view-cart`);
    await expect(summary(page).getByTestId("summary-total")).toBeVisible();
    await expect(summary(page).getByText(NAMED)).toHaveCount(0);
    await page.goto(`${shop}/cart/checkout`);
    await expect(page.getByTestId("checkout-line")).toHaveCount(1);
    await expect(page.getByTestId("offers-applied")).toHaveCount(0);

    // Tomorrow: the card and the page name it, with the dress's price after it (40 € less 20%).
    await clock?.set(24 * 60 * 60 * 1000);
    await page.goto(catalogue);
    await expect(card.getByTestId("offer")).toContainText(NAMED);
    await expect(card.getByTestId("offer")).toContainText(`: ${formatPrice(3200)}`);
    expect(await serious(page)).toEqual([]);
    await page.goto(`${shop}/product/${dress.slug}`);
    await expect(pageOffers.getByText(NAMED).first()).toBeVisible();
    await expect(pageOffers.getByTestId("offer").first()).toContainText(`: ${formatPrice(3200)}`);
    expect(await serious(page)).toEqual([]);

    // Two dresses of 40 € + 25% tax = 100 €; 20% = 20 € off.
    await page.goto(`${shop}/cart/view-cart`);
    await expect(summary(page).getByText(NAMED).first()).toBeVisible();
    await expect(summary(page).getByTestId("summary-offer")).toHaveText(`−${formatPrice(2000)}`);
    await page.goto(`${shop}/cart/checkout`);
    await expect(page.getByTestId("offers-applied")).toContainText(NAMED);
    await expect(summary(page).getByTestId("summary-offer")).toHaveText(`−${formatPrice(2000)}`);
    expect(await serious(page)).toEqual([]);

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Confirm order" }).click();
    await expect(page).toHaveURL(/\/order\/confirm-order\?id=/);
    const orderId = new URL(page.url()).searchParams.get("id") ?? "";
    const number = (await page.getByTestId("order-number").textContent()) ?? "";

    // The invoice (written once the payment is recorded) lists the offer and what it took.
    let pdf: Buffer | undefined;
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`${shop}/order/invoice/${orderId}`, {
            headers: visitor(),
          });
          if (answer.headers()["content-type"] === "application/pdf") pdf = await answer.body();
          return answer.status();
        },
        { timeout: 30_000 },
      )
      .toBe(200);
    const texts = drawnTexts(pdf ?? Buffer.alloc(0));
    expect(texts.some((text) => NAMED.test(text))).toBe(true);
    expect(texts).toContain(formatPrice(-2000));

    // Delivered (as the admin does), the shopper returns one of the two dresses.
    await changeOrderState(shopContext(), orderId, "SHIPPED");
    await changeOrderState(shopContext(), orderId, "DELIVERED");
    await page.goto(`${shop}/order/order-history`);
    await page.getByRole("link", { name: `Return or exchange items of ${number}` }).click();
    await page.getByLabel(`Quantity to return of ${dress.name}`).selectOption("1");
    await page.getByLabel("Reason").selectOption({ label: "Too large" });
    await page.getByRole("button", { name: "Request return" }).click();
    // The request writes the return, its stock and its mail in one go: slow on a loaded machine.
    await expect(page).toHaveURL(/\/order\/returns\/RMA-[0-9A-Z]{8}$/, { timeout: 30_000 });
    const rma = (await page.getByTestId("rma").textContent()) ?? "";

    // The admin refunds it: what that dress paid, 50 € less its 10 € share of the offer.
    const context = await browser.newContext({ storageState: adminState });
    const admin = await context.newPage();
    await admin.setExtraHTTPHeaders({ "cloudfront-viewer-address": `198.51.103.${tag()}` });
    await admin.goto(`/admin/returns/${rma}`);
    await admin.getByRole("button", { name: "Approve" }).click();
    await admin.getByRole("button", { name: "Mark as received" }).click();
    const refund = admin.getByRole("button", { name: `Refund ${formatPrice(4000)}` });
    await expect(refund).toBeVisible();
    await refund.click();
    await expect(admin.getByText("Refunded", { exact: true }).first()).toBeVisible();
    await context.close();
  } finally {
    const created = (await listOffers(shopContext())).filter(
      (offer) => !before.has(offer.id) && offer.label === label,
    );
    for (const offer of created) await deletePromotion(shopContext(), offer.id);
    await deleteProduct(shopContext(), dress.id);
  }
});
