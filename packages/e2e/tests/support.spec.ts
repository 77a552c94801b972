// The e2e harness itself: tests can arrange data in the running shop's table through core.
import { expect, test } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct } from "@shop/core/server/catalog";
import { shopContext } from "../support/shop";

test("a product written through core shows on the running shop at once", async ({ page }, info) => {
  const slug = `harness-check-${info.project.name}-${Date.now()}`;
  await createProduct(shopContext(), {
    slug,
    name: `Harness Check Scarf ${info.project.name}`,
    category: "Women",
    priceCents: 4200,
    description: "Made by the test harness.",
    sizes: ["S"],
    stock: unitsOfEach(["S"], 50),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: "Scarf" }],
  });
  await page.goto(
    `/product?search=${encodeURIComponent(`Harness Check Scarf ${info.project.name}`)}`,
  );
  // Ranked first: products matching only some of its words (other "Scarf"s) come after it.
  await expect(page.getByRole("main").getByRole("article").first()).toContainText(
    `Harness Check Scarf ${info.project.name}`,
  );
});
