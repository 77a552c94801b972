// Size guides and fit feedback (docs/product.md §2 "Size guide", §9 "Fit feedback"), desktop and
// mobile, by keyboard: "Size guide" beside the size picker opens the product's table in a dialog
// with the chosen size highlighted, Escape closes it and focus goes back; without JavaScript it
// is a page of its own (indexable, centimetres or inches); after 5 reviews saying "runs small" the
// product page says so, and not before; axe finds no serious violation (axe needs JavaScript: the
// guide's page is checked with it).
import { expect, type Page, test } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct, type Product } from "@shop/core/server/catalog";
import { writeReview } from "@shop/core/server/reviews";
import { expectFitsPhone, serious, waitForHydration } from "../support/pages";
import { shopContext } from "../support/shop";

let seq = 0;
const tag = (project: string) =>
  `${project}-${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 6)}`;

async function newProduct(project: string): Promise<Product> {
  const t = tag(project);
  return createProduct(shopContext(), {
    slug: `fit-shirt-${t}`,
    name: `Fit Shirt ${t}`,
    category: "Women",
    priceCents: 4500,
    description: "A shirt to size.",
    sizes: ["S", "M", "L"],
    stock: unitsOfEach(["S", "M", "L"], 20),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: "Front view" }],
  });
}

const sizeRadio = (page: Page, label: string) =>
  page.getByRole("group", { name: "Size" }).getByRole("radio", { name: label, exact: true });

test("the size guide opens by keyboard with the chosen size highlighted, and Escape closes it", async ({
  page,
}, { project }) => {
  const product = await newProduct(project.name);
  await page.goto(`/product/${product.slug}?size=M`);
  await waitForHydration(page);

  // Another size chosen by keyboard: the arrow keys move through the radio group.
  await sizeRadio(page, "M (Medium)").focus();
  await page.keyboard.press("ArrowRight");
  await expect(sizeRadio(page, "L (Large)")).toBeChecked();

  const link = page.getByRole("link", { name: "Size guide" });
  await link.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Size guide" });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole("table");
  await expect(table).toBeVisible();
  // A real table: a header row and a row per size, the chosen one highlighted and said so.
  await expect(table.getByRole("columnheader")).toHaveText(["Size", "Chest", "Waist", "Hips"]);
  await expect(table.getByRole("row")).toHaveCount(4);
  const chosen = table.locator('tr[aria-current="true"]');
  await expect(chosen).toHaveCount(1);
  await expect(chosen.getByRole("rowheader")).toContainText("L");
  await expect(chosen.getByRole("rowheader")).toContainText("Your size");
  await expect(chosen.getByRole("cell").first()).toHaveText("104–112 cm");
  expect(await serious(page)).toEqual([]);

  // Inches on request, still in the dialog.
  await dialog.getByRole("link", { name: "Inches" }).focus();
  await page.keyboard.press("Enter");
  await expect(chosen.getByRole("cell").first()).toHaveText("41–44 in");
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}\\?`));

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();

  // The guide's own page, as a crawler or a new tab sees it.
  await page.goto(`/product/${product.slug}/size-guide?size=L`);
  await expect(page.getByRole("table").locator('tr[aria-current="true"]')).toContainText("L");
  expect(await serious(page)).toEqual([]);
  await expectFitsPhone(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the size guide is a page of its own: the table, the chosen size, inches, indexable", async ({
    page,
  }, { project }) => {
    const product = await newProduct(project.name);
    await page.goto(`/product/${product.slug}?size=M`);
    await page.getByRole("link", { name: "Size guide" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/product/${product.slug}/size-guide?size=M`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Size guide: ${product.name}`);
    const table = page.getByRole("table");
    const chosen = table.locator('tr[aria-current="true"]');
    await expect(chosen.getByRole("rowheader")).toContainText("M");
    await expect(chosen.getByRole("cell")).toHaveText(["96–104 cm", "80–88 cm", "98–106 cm"]);
    await expect(page.getByRole("heading", { name: "How to measure" })).toBeVisible();
    // Indexable, with one canonical URL whatever the size or unit.
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/product/${product.slug}/size-guide$`),
    );

    await page.getByRole("link", { name: "Inches" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/product/${product.slug}/size-guide?size=M&unit=in`);
    await expect(
      page.getByRole("table").locator('tr[aria-current="true"]').getByRole("cell").first(),
    ).toHaveText("38–41 in");
    await page.getByRole("link", { name: `Back to ${product.name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/product/${product.slug}?size=M`);
  });
});

test("after 5 reviews saying runs small, the product page says so, and nothing before", async ({
  page,
}, { project }) => {
  const product = await newProduct(project.name);
  const review = (i: number) =>
    writeReview(shopContext(), {
      productId: product.id,
      userId: `fit-reviewer-${i}`,
      authorFirstName: "Fay",
      authorLastName: `Fit${i}`,
      rating: 4,
      description: "Lovely, but order a size up.",
      fit: "small",
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
    });
  for (let i = 0; i < 4; i++) await review(i);
  await page.goto(`/product/${product.slug}`);
  await expect(page.locator("#reviews").getByRole("article")).toHaveCount(4);
  await expect(page.getByText("Most buyers say")).toHaveCount(0);

  await review(4);
  // The counters move when the stream's reader has counted the fifth answer.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Most buyers say: runs small, consider a size up")).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText("5 answers from reviews and returns: runs small 100%")).toBeVisible();
  expect(await serious(page)).toEqual([]);
});
