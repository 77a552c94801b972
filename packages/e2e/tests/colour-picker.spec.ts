// The product page's colour picker (docs/product.md §2 "Product page"), desktop and mobile: a link
// opens the page on a colour (`?colour=navy`) with that colour's photos; the picker is a radio
// group used with the keyboard alone and the URL follows; a size sold out in one colour shows
// "Out of stock" and the "Notify me" form there, and not in the other colour; the structured data
// is a ProductGroup with each variant's availability; without JavaScript the swatches are links,
// "Add to cart" posts the colour and size to the cart the `cart` cookie keeps, the cart page shows
// and changes it, and JavaScript later moves it into the browser's cart; axe finds nothing serious on the page
// with the picker (axe runs in the page: not in a context without JavaScript).
import { expect, type Page, test } from "@playwright/test";
import { createProduct } from "@shop/core/server/catalog";
import { serious } from "../support/pages";
import { shopContext } from "../support/shop";

let seq = 0;

/** A product in Forest and Navy, S to L, whose Medium is sold out in Navy only (stock by variant). */
async function twoColourProduct(project: string) {
  const token = `${project}${Date.now()}${seq++}`;
  const name = `Colour Tee ${token}`;
  return createProduct(shopContext(), {
    slug: `colour-tee-${token}`,
    name,
    category: "Men",
    priceCents: 2900,
    description: "For the colour picker's tests.",
    sizes: ["S", "M", "L"],
    colours: ["forest", "navy"],
    images: [
      { key: "products/pique-polo-shirt/1.svg", alt: `Forest ${name}, front`, colour: "forest" },
      { key: "products/pique-polo-shirt/2.svg", alt: `Navy ${name}, front`, colour: "navy" },
    ],
    stock: {
      "forest/S": 10,
      "forest/M": 10,
      "forest/L": 10,
      "navy/S": 2,
      "navy/M": 0,
      "navy/L": 10,
    },
  });
}

/** The photo the carousel shows. */
const shownPhoto = (page: Page) =>
  page
    .getByRole("region", { name: /^Images of / })
    .locator("img")
    .first();

/** Tabs from the product's name until the focus is on one of the colour picker's radios. */
async function tabToColours(page: Page) {
  await page.getByRole("heading", { level: 1 }).click();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    const inPicker = await page.evaluate(
      () => (document.activeElement as HTMLInputElement | null)?.name === "colour-choice",
    );
    if (inPicker) return;
  }
  throw new Error("Tab never reached the colour picker");
}

test("a link opens the polo in navy; the keyboard alone changes the colour and the URL follows", async ({
  page,
}) => {
  test.slow(); // axe on a loaded machine
  await page.goto("/product/pique-polo-shirt?colour=navy");
  await expect(page.getByText("Colour: Navy")).toBeVisible();
  await expect(shownPhoto(page)).toHaveAttribute("alt", /^Navy /);
  const colours = page.getByRole("group", { name: /^Colour/ });
  await expect(colours.getByRole("radio", { name: "Navy" })).toBeChecked();
  await expect(colours.getByRole("radio")).toHaveCount(2);

  await tabToColours(page);
  await expect(colours.getByRole("radio", { name: "Navy" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(colours.getByRole("radio", { name: "Forest" })).toBeChecked();
  await expect(page).toHaveURL(/[?&]colour=forest(&|$)/);
  await expect(page.getByText("Colour: Forest")).toBeVisible();
  await expect(shownPhoto(page)).toHaveAttribute("alt", /^Forest /);
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/[?&]colour=navy(&|$)/);
  await expect(shownPhoto(page)).toHaveAttribute("alt", /^Navy /);
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/[?&]colour=forest(&|$)/);
  // Every photo of the carousel is the chosen colour's.
  // (The seed gives the forest polo one photo or more: no "Next image" for one.)
  const next = page.getByRole("button", { name: "Next image" });
  for (let i = 0; i < 2 && (await next.count()) > 0; i++) {
    await next.click();
    await expect(shownPhoto(page)).toHaveAttribute("alt", /^Forest /);
  }
  // The canonical URL stays the product's.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/product\/pique-polo-shirt$/,
  );
  expect(await serious(page)).toEqual([]);
});

test("an unknown colour opens the first colourway, no error", async ({ page }) => {
  const answer = await page.goto("/product/pique-polo-shirt?colour=chartreuse");
  expect(answer?.status()).toBe(200);
  await expect(page.getByText("Colour: Forest")).toBeVisible();
});

test("a size sold out in one colour shows 'Out of stock' and 'Notify me' there only", async ({
  page,
}, info) => {
  test.slow(); // axe on a loaded machine
  const product = await twoColourProduct(info.project.name);
  await page.goto(`/product/${product.slug}?colour=navy`);
  const sizes = page.getByRole("group", { name: "Size" });
  const medium = sizes.getByRole("radio", { name: /Medium/ });
  await expect(medium).toBeDisabled();
  await expect(medium).toHaveAccessibleName(/out of stock/);
  await expect(sizes.getByText("Out of stock", { exact: true })).toBeVisible();
  // The first size in stock of Navy is chosen: S, with 2 left.
  await expect(sizes.getByRole("radio", { name: /Small/ })).toBeChecked();
  await expect(page.getByText("Only 2 left")).toBeVisible();
  const notify = page.getByRole("region", { name: "Sold out in your size?" });
  await expect(notify.getByLabel("Size")).toHaveValue("M");
  expect(await serious(page)).toEqual([]);

  // The structured data: a ProductGroup, each variant with its own availability.
  const group = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  );
  expect(group["@type"]).toBe("ProductGroup");
  expect(group.productGroupID).toBe(product.id);
  const offers = Object.fromEntries(
    group.hasVariant.map((v: { color: string; size: string; offers: { availability: string } }) => [
      `${v.color} ${v.size}`,
      v.offers.availability,
    ]),
  );
  expect(offers).toEqual({
    "Forest Small": "https://schema.org/InStock",
    "Forest Medium": "https://schema.org/InStock",
    "Forest Large": "https://schema.org/InStock",
    "Navy Small": "https://schema.org/LimitedAvailability",
    "Navy Medium": "https://schema.org/OutOfStock",
    "Navy Large": "https://schema.org/InStock",
  });

  // In Forest, Medium is in stock and nothing is sold out.
  await page
    .getByRole("group", { name: /^Colour/ })
    .locator("label")
    .filter({ hasText: "Forest" })
    .click();
  await expect(page).toHaveURL(/[?&]colour=forest(&|$)/);
  await expect(medium).toBeEnabled();
  await expect(notify).toHaveCount(0);

  // "Add to cart" stores the colour with the size.
  await page
    .getByRole("group", { name: "Size" })
    .locator("label")
    .filter({ hasText: "Medium" })
    .click();
  await expect(page).toHaveURL(/[?&]size=M(&|$)/);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(`${product.name} (Forest, size M)`)).toBeVisible();
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
  expect(cart).toEqual([{ productId: product.id, colour: "forest", size: "M", quantity: 1 }]);
});

test("without JavaScript: a swatch is a link to its colour; Add to cart keeps colour and size in the cart the cookie holds, which the cart page changes and JavaScript later adopts", async ({
  browser,
}, info) => {
  // A whole journey: two products added, the cart changed twice, then opened with JavaScript.
  test.slow();
  const product = await twoColourProduct(info.project.name);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/product/${product.slug}?size=L`);
  await expect(page.getByText("Colour: Forest")).toBeVisible();
  const navy = page.getByRole("link", { name: "Navy" });
  await expect(navy).toHaveAttribute("href", "?colour=navy&size=L");
  await navy.click();
  await expect(page).toHaveURL(/\?colour=navy&size=L$/);
  await expect(page.getByText("Colour: Navy")).toBeVisible();
  await expect(shownPhoto(page)).toHaveAttribute("alt", /^Navy /);
  await expect(page.getByRole("link", { name: "Navy" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("radio", { name: /Large/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Medium/ })).toBeDisabled();

  await page
    .getByRole("group", { name: "Size" })
    .locator("label")
    .filter({ hasText: "Small" })
    .click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/[?&]colour=navy(&|$)/);
  await expect(page).toHaveURL(/[?&]size=S(&|$)/);
  await expect(page.getByText("Colour: Navy")).toBeVisible();
  await expect(page.getByRole("radio", { name: /Small/ })).toBeChecked();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await expect(page.getByText(`${product.name} (Navy, size S)`)).toBeVisible();

  // Forest by its link, then M (the first size in stock there is S).
  await page.getByRole("link", { name: "Forest" }).click();
  await page
    .getByRole("group", { name: "Size" })
    .locator("label")
    .filter({ hasText: "Medium" })
    .click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(`${product.name} (Forest, size M)`)).toBeVisible();

  // The cart, without JavaScript: both colours, priced; a quantity updated, a line removed.
  await page.goto("/cart/view-cart");
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("Colour: Navy · Size: S");
  await expect(lines.nth(1)).toContainText("Colour: Forest · Size: M");
  await expect(page.getByTestId("summary-subtotal")).toHaveText("58.00 €");
  await page.getByLabel(`Quantity of ${product.name}, Forest, size Medium`).selectOption("3");
  await lines.nth(1).getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("summary-subtotal")).toHaveText("116.00 €");
  await page.getByRole("button", { name: `Remove ${product.name}, Navy, size Small` }).click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByText(/Checking out needs JavaScript/)).toBeVisible();

  // With JavaScript the cart the cookie kept joins the browser's, and the cookie goes.
  const withScript = await browser.newContext({ storageState: await context.storageState() });
  await context.close();
  const shopper = await withScript.newPage();
  await shopper.goto("/cart/view-cart");
  await expect(shopper.getByTestId("cart-line")).toHaveCount(1);
  await expect(shopper.getByTestId("cart-line")).toContainText("Forest");
  expect(await shopper.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"))).toEqual([
    { productId: product.id, colour: "forest", size: "M", quantity: 3 },
  ]);
  expect((await withScript.cookies()).some((cookie) => cookie.name === "cart")).toBe(false);
  await withScript.close();
});

test("without JavaScript: a sold-out size or an unknown colour posted to the page is refused with its field, nothing added", async ({
  page,
  baseURL,
}, info) => {
  const product = await twoColourProduct(info.project.name);
  const post = (form: Record<string, string>) =>
    page.request.post(`/product/${product.slug}`, {
      form: { intent: "add-to-cart", ...form },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
  const soldOut = await post({ colour: "navy", size: "M" });
  expect(soldOut.status()).toBe(409);
  expect(await soldOut.text()).toContain("This size is out of stock");
  const unknown = await post({ colour: "tartan", size: "S" });
  expect(unknown.status()).toBe(400);
  expect(await unknown.text()).toContain("This colour is not offered");
  expect((await page.context().cookies()).some((cookie) => cookie.name === "cart")).toBe(false);
  const added = await post({ colour: "navy", size: "S" });
  expect(added.status()).toBe(303);
  expect(added.headers()["set-cookie"]).toContain(`cart=${product.id}*navy*S*1`);
});
