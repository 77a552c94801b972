// Promotions of the kinds (docs/product.md §9 "Promotions: kinds, conditions and how they
// combine"): a free-delivery code makes the delivery "Free" under 100 €, and an automatic offer
// on a product of the test's own shows in the cart's summary and in the checkout's, taking its
// share off the total. The promotions are created through core (the admin's form has its own
// tests); each test's automatic offer targets only its own product, since tests share one shop.
import type { Page } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { formatPrice } from "@shop/core/pricing";
import { createProduct, getProductBySlug } from "@shop/core/server/catalog";
import { createOffer, deletePromotion } from "@shop/core/server/promotions";
import { expect, test } from "../support/fixtures";
import { serious } from "../support/pages";
import { shopContext } from "../support/shop";

const TEE = "organic-cotton-crew-t-shirt"; // 25.00 €
let seq = 0;
const tag = () => `${Date.now().toString(36)}${seq++}${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "cloudfront-viewer-address": `198.51.101.${tag()}` });
});

// The `customer` fixture: a new customer with a saved address, signed in on `page`.
test.use({
  customerProfile: {
    firstName: "Olga",
    lastName: "Offer",
    address: {
      address: "9 Offer Street",
      country: "Spain",
      city: "Madrid",
      zipCode: "28001",
      phone: "+34 600 000 000",
    },
  },
});

const summary = (page: Page) => page.getByRole("region", { name: "Order summary" });

test("a free-delivery code makes the shipping Free under 100 €", async ({
  page,
  customer: _,
}, info) => {
  test.setTimeout(90_000);
  const code = `SHIP-${info.project.name.slice(0, 1).toUpperCase()}${tag()}`;
  await createOffer(shopContext(), {
    code,
    label: "Free delivery",
    effect: { kind: "free-delivery", methods: "STANDARD" },
    conditions: {},
  });
  const tee = await getProductBySlug(shopContext(), TEE);
  if (!tee) throw new Error("seeded product missing");
  const lines = [{ productId: tee.id, size: tee.sizes[0], quantity: 1 }];
  await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), lines);
  await page.goto("/cart/checkout");
  // 25 € + 6.25 € tax: under the 100 € threshold, the delivery costs 5 €.
  await expect(summary(page).getByTestId("summary-shipping")).toHaveText(formatPrice(500));
  await page.getByLabel("Promotion code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("promotion-applied")).toContainText("Free delivery");
  await expect(summary(page).getByTestId("summary-shipping")).toHaveText("Free");
  await expect(summary(page).getByTestId("summary-total")).toHaveText(formatPrice(3125));
  expect(await serious(page)).toEqual([]);
});

test("an automatic offer shows in the cart and the checkout and comes off the total", async ({
  page,
  customer: _,
}, info) => {
  test.setTimeout(90_000);
  const name = `Offer Dress ${tag()}`;
  const dress = await createProduct(shopContext(), {
    slug: name.toLowerCase().replace(/ /g, "-"),
    name,
    category: "Women",
    priceCents: 4000,
    description: "A dress on offer.",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 50),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name }],
  });
  const offer = await createOffer(shopContext(), {
    label: `Winter sale ${info.project.name}: 20% off this dress`,
    effect: { kind: "percent-off-items", percent: 20, target: { productIds: [dress.id] } },
    conditions: {},
  });
  try {
    const lines = [{ productId: dress.id, size: "M", quantity: 1 }];
    await page.evaluate((stored) => localStorage.setItem("cart", JSON.stringify(stored)), lines);
    // 40 € + 10 € tax = 50 €; 20% = 10 €; delivery 5 €: 45 €.
    await page.goto("/cart/view-cart");
    await expect(summary(page).getByText(offer.label)).toBeVisible();
    await expect(summary(page).getByTestId("summary-offer")).toHaveText(`−${formatPrice(1000)}`);
    await expect(summary(page).getByTestId("summary-total")).toHaveText(formatPrice(4500));

    await page.goto("/cart/checkout");
    await expect(page.getByTestId("offers-applied")).toContainText(offer.label);
    await expect(summary(page).getByTestId("summary-offer")).toHaveText(`−${formatPrice(1000)}`);
    await expect(summary(page).getByTestId("summary-total")).toHaveText(formatPrice(4500));
    expect(await serious(page)).toEqual([]);
  } finally {
    await deletePromotion(shopContext(), offer.id);
  }
});
