// The catalogue's colour and size filters (docs/product.md §2 "Catalogue"): a colour family and a
// size list only the products with that variant in stock, each card shown in that colour and
// linking to it; with and without JavaScript, in the sidebar and the slide-over; axe with the
// filters open.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { createProduct, SLUG_TAKEN } from "@shop/core/server/catalog";
import { shopContext } from "../support/shop";

// Three page loads and axe each: slow tests (as the other axe tests at two widths).
test.slow();

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const cardNames = (page: Page) => cards(page).getByRole("heading").allTextContents();
// Seeded photos, so that the cards show real pictures: one per colourway.
const PHOTO = (n: number) => `products/organic-cotton-crew-t-shirt/${n}.svg`;

/** Three products only this spec has (their name's word "Zephyrine"), made once for both widths. */
test.beforeAll(async () => {
  const ctx = shopContext();
  const products: Array<{
    slug: string;
    name: string;
    colours: string[];
    stock: Record<string, number>;
  }> = [
    {
      // Navy M sold out; forest M in stock.
      slug: "zephyrine-polo",
      name: "Zephyrine Polo",
      colours: ["forest", "navy"],
      stock: { "forest/M": 5, "navy/S": 3, "navy/M": 0 },
    },
    {
      // Cobalt (its second colour) in M.
      slug: "zephyrine-tee",
      name: "Zephyrine Tee",
      colours: ["white", "cobalt"],
      stock: { "white/M": 4, "cobalt/M": 4 },
    },
    {
      // Sky blue, sold out in M.
      slug: "zephyrine-scarf",
      name: "Zephyrine Scarf",
      colours: ["sky-blue"],
      stock: { "sky-blue/S": 2, "sky-blue/M": 0 },
    },
  ];
  for (const { slug, name, colours, stock } of products) {
    try {
      await createProduct(
        ctx,
        {
          slug,
          name,
          category: "Women",
          priceCents: 2900,
          description: "A garment made by the colour and size filters' test.",
          sizes: ["S", "M"],
          sizeScale: "adult",
          colours,
          stock,
          images: colours.map((colour, i) => ({
            key: PHOTO(i + 1),
            alt: `${name}, ${colour}`,
            colour,
          })),
        },
        { createdAt: "2020-01-01T00:00:00.000Z" },
      );
    } catch (error) {
      // The other project may have made it already.
      if (!(error instanceof Error && error.message === SLUG_TAKEN)) throw error;
    }
  }
});

/** The filters: the sidebar on desktop; on mobile the slide-over (a link to it without JavaScript). */
async function filters(page: Page, mobile: boolean, javaScript = true): Promise<Locator> {
  if (!mobile) return page.getByRole("complementary", { name: "Filters" });
  if (!javaScript) {
    await page.getByRole("link", { name: /^Filters/ }).click();
    return page.locator("#filters");
  }
  await page.getByRole("button", { name: /^Filters/ }).click();
  const dialog = page.getByRole("dialog", { name: "Filters" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function filterBlueInM(page: Page, mobile: boolean, javaScript = true) {
  await page.goto("/product?search=zephyrine");
  await expect(cards(page)).toHaveCount(3);
  let panel = await filters(page, mobile, javaScript);
  // Each value with the number of products it would list: three come in a blue.
  await panel.getByRole("link", { name: /^Blue\s*,\s*3 products$/ }).click();
  await expect(page).toHaveURL(/[?&]family=blue(&|$)/);
  await expect(cards(page)).toHaveCount(3);
  panel = await filters(page, mobile, javaScript);
  // Of those, only the polo (in forest) and the tee have an M left: the tee's is a blue.
  await panel.getByRole("link", { name: /^Medium\s*,\s*1 product$/ }).click();
  await expect(page).toHaveURL(/[?&]size=M(&|$)/);
  await expect(page).toHaveURL(/[?&]family=blue(&|$)/);
  await expect(page).toHaveURL(/[?&]search=zephyrine(&|$)/);
}

async function expectTheCobaltTee(page: Page) {
  await expect(cards(page)).toHaveCount(1);
  expect(await cardNames(page)).toEqual(["Zephyrine Tee"]);
  const card = cards(page).first();
  // Shown in cobalt: its photo, its link, its swatch marked.
  await expect(card.locator("img").first()).toHaveAttribute("src", /crew-t-shirt\/2\.svg/);
  await expect(card.getByRole("heading").getByRole("link")).toHaveAttribute(
    "href",
    "/product/zephyrine-tee?colour=cobalt",
  );
  const swatches = card.getByRole("list", { name: "Zephyrine Tee colours" });
  await expect(swatches.getByRole("link")).toHaveText(["White", "Cobalt"]);
  await expect(swatches.getByRole("link", { name: "Cobalt" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(swatches.getByRole("link", { name: "White" })).toHaveAttribute(
    "href",
    "/product/zephyrine-tee?colour=white",
  );
}

test("a colour family and a size list only the products with that variant in stock, shown in that colour", async ({
  page,
}, info) => {
  await filterBlueInM(page, info.project.name === "mobile");
  await expectTheCobaltTee(page);
  // One colour of the family: navy in M is sold out, forest in M is not.
  await page.goto("/product?search=zephyrine&colour=navy&size=M");
  await expect(page.getByText("No products match “zephyrine”.")).toBeVisible();
  await page.goto("/product?search=zephyrine&colour=forest&size=M");
  expect(await cardNames(page)).toEqual(["Zephyrine Polo"]);
  await expect(cards(page).first().getByRole("heading").getByRole("link")).toHaveAttribute(
    "href",
    "/product/zephyrine-polo?colour=forest",
  );
});

test("the colour and size filters work without JavaScript", async ({ browser }, info) => {
  const mobile = info.project.name === "mobile";
  const context = await browser.newContext({
    javaScriptEnabled: false,
    ...(mobile ? { viewport: { width: 412, height: 839 } } : {}),
  });
  const page = await context.newPage();
  await filterBlueInM(page, mobile, false);
  await expectTheCobaltTee(page);
  await context.close();
});

test("axe finds no serious or critical violation on the catalogue with its filters open", async ({
  browser,
}, info) => {
  const mobile = info.project.name === "mobile";
  const context = await browser.newContext(
    mobile
      ? { viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  await page.goto("/product?family=blue&size=M");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await filters(page, mobile);
  const serious = (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
  await context.close();
});
