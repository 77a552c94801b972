// The admin's products (admin area, "Products"): the seeded admin creates a product with two
// uploaded images and the storefront shows it at once (search, audience filter, its page with the
// images in order); a new price shows at once on the catalogue, the page and a cart holding it; a
// deleted product's page sends visitors to / and carts drop it. A product in two colourways on
// the kids' scale with its stock grid, a duplicate SKU refused under its field; colourways and
// scales changed without JavaScript. Signed-out visitors and customers
// reach none of these screens or actions, and change nothing.
import { deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  COLOUR_UNKNOWN,
  colourTwice,
  GTIN_FORMAT,
  PHOTOS_NEED_JAVASCRIPT,
  SKU_REPEATED,
  STOCK_FORMAT,
  sizesOutsideScale,
  slugify,
  suggestSku,
  variantField,
} from "@shop/core/catalog";
import { unitsOfEach } from "@shop/core/inventory";
import {
  createProduct,
  deleteProduct,
  getProductById,
  getProductBySlug,
} from "@shop/core/server/catalog";
import { getStock } from "@shop/core/server/inventory";
import { photoOfAtLeast } from "@shop/local-cloud/photos";
import { expect, test } from "../support/fixtures";
import { expectFitsPhone, signIn } from "../support/pages";
import { shopContext } from "../support/shop";

const CUSTOMER = {
  email: "ana.garcia@example.com",
  password: process.env.SEED_CUSTOMER_PASSWORD || "customer1234",
};

let seq = 0;
/** A name no other test run (or project) uses, with a token search can find. */
const uniqueName = (project: string, what: string) => {
  const token = `zq${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { token, name: `${what} ${project} ${token}` };
};

test.beforeEach(async ({ page }) => {
  // Each test is its own client for the abuse limits (the tests play the proxy).
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `198.51.100.${Date.now()}-${seq++}`,
  });
});

/** A solid-colour PNG, width × height (a real image a browser draws). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3).fill(Buffer.from([r, g, b])),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * What the product form's page does with a photo: the site presigns a POST for its type, the
 * photo goes straight to the images bucket with it (docs/decisions/031-direct-photo-uploads.md).
 * Answers the form's reference to it, S3's status and the object's public URL.
 */
async function uploadAsThePage(page: Page, productId: string, type: string, bytes: Buffer) {
  const presigned = await page.request.post(`/admin/products/${productId}/photo-upload`, {
    form: { type },
  });
  expect(presigned.status()).toBe(200);
  const { url, fields, ref } = (await presigned.json()) as {
    url: string;
    fields: Record<string, string>;
    ref: string;
  };
  const sent = await page.request.post(url, {
    multipart: { ...fields, file: { name: "photo", mimeType: type, buffer: bytes } },
  });
  return { ref, status: sent.status(), url: `${url.replace(/\/$/, "")}/${fields.key}` };
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text }).first();

/** The admin list filtered to one product by its unique token. */
async function adminRow(page: Page, token: string) {
  await page.goto(`/admin/list-products?search=${token}`);
  return page.getByTestId("admin-product-row");
}

test("create with two images, see it in the shop; edit its price, see it everywhere; delete it", async ({
  adminPage: page,
}, info) => {
  test.setTimeout(120_000);
  const { token, name } = uniqueName(info.project.name, "Rain Parka");
  const first = png(8, 10, [200, 30, 30]);
  const second = png(10, 8, [30, 30, 200]);

  await page.goto("/admin/list-products");
  await expect(page).toHaveURL(/\/admin\/list-products$/);
  await page.getByRole("link", { name: "New product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);

  // The slug follows the name until edited.
  const form = page.getByRole("form", { name: "New product" });
  await form.getByLabel("Name").fill(name);
  await expect(form.getByLabel("Slug")).toHaveValue(slugify(name));
  await form.getByLabel("Category").selectOption("Kid");
  await form.getByLabel("Price (€)", { exact: true }).fill("42.50");
  await form.getByLabel("Description").fill("A light parka for rainy school days.");
  await form.getByLabel("Add a colour").selectOption("red");
  await form.getByRole("button", { name: "Add colour" }).click();
  await form.getByRole("checkbox", { name: /^M\b/ }).check();
  await form.getByRole("checkbox", { name: /^L\b/ }).check();
  // One stock field per colour and offered size.
  await expect(form.getByLabel(/^Stock /)).toHaveCount(2);
  await form.getByLabel("Stock Red M").fill("0");
  await form.getByLabel("Stock Red L").fill("3");

  // Chosen in the wrong order, then put right with the move buttons.
  await form.getByLabel("Add images").setInputFiles([
    { name: "second.png", mimeType: "image/png", buffer: second },
    { name: "first.png", mimeType: "image/png", buffer: first },
  ]);
  const images = form.getByTestId("product-image");
  await expect(images).toHaveCount(2);
  await expect(form.getByRole("button", { name: "Move image 1 up" })).toBeDisabled();
  await form.getByRole("button", { name: "Move image 2 up" }).click();
  await expect(form.getByRole("button", { name: "Move image 1 down" })).toBeFocused();
  await form.getByLabel("Alt text for image 1").fill("Red parka, front");
  await form.getByRole("button", { name: "Create" }).click();

  await expect(page).toHaveURL(/\/admin\/list-products$/);
  await expect(toast(page, "created successfully")).toContainText(name);
  const row = (await adminRow(page, token)).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Kid");
  await expect(row).toContainText("42.50 €");
  const slug = slugify(name);
  await expect(row).toContainText(slug);
  const editHref = await row.getByRole("link", { name: `Edit ${name}` }).getAttribute("href");
  const productId = editHref?.split("/").pop() ?? "";

  // The storefront, at once: search, the audience filter, the product page with both images.
  const cards = page.getByRole("main").getByRole("article");
  await page.goto(`/product?search=${token}`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(name);
  await expect(cards.first()).toContainText("42.50 €");
  await page.goto(`/product?category=kid&search=${token}`);
  await expect(cards).toHaveCount(1);
  await page.goto(`/product?category=men&search=${token}`);
  await expect(cards).toHaveCount(0);

  await page.goto(`/product/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("main").getByText("42.50 €").first()).toBeVisible();
  const carousel = page.getByRole("region", { name: `Images of ${name}` });
  await expect(carousel.getByRole("img", { name: "Red parka, front" })).toBeVisible();
  const thumbs = await carousel
    .locator("ul img")
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
  expect(thumbs).toHaveLength(2);
  const served = await Promise.all(
    thumbs.map(async (src) => Buffer.from(await (await page.request.get(src)).body())),
  );
  expect(served[0]?.equals(first)).toBe(true);
  expect(served[1]?.equals(second)).toBe(true);
  await carousel.getByRole("button", { name: "Next image" }).click();
  await expect(carousel.getByRole("img", { name })).toBeVisible(); // empty alt: the name

  // M is sold out (shown, not choosable); L, the first in stock, is chosen, with 3 left.
  await expect(page.getByRole("radio", { name: /Medium/ })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /Large/ })).toBeChecked();
  await expect(page.getByText("Only 3 left")).toBeVisible();

  // Into the cart at the old price.
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]")))
    .toEqual([expect.objectContaining({ productId, size: "L", quantity: 1 })]);

  // Edit the price.
  await page.goto(`/admin/products/${productId}`);
  const edit = page.getByRole("form", { name: "Edit product" });
  await expect(edit.getByLabel("Slug")).toHaveValue(slug);
  await expect(edit.getByTestId("product-image")).toHaveCount(2);
  await edit.getByLabel("Price (€)", { exact: true }).fill("39.90");
  await expect(edit.getByLabel("Stock Red L")).toHaveValue("3");
  await edit.getByLabel("Stock Red L").fill("12");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/admin\/list-products$/);
  await expect(toast(page, "updated successfully")).toBeVisible();
  expect((await getProductById(shopContext(), productId))?.priceCents).toBe(3990);
  expect(await getStock(shopContext(), productId)).toEqual({ "red/M": 0, "red/L": 12 });

  await page.goto(`/product?search=${token}`);
  await expect(cards.first()).toContainText("39.90 €");
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole("main").getByText("39.90 €").first()).toBeVisible();
  await expect(page.getByRole("main").getByText("42.50 €")).toHaveCount(0);
  await page.goto("/cart/view-cart");
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(name);
  await expect(line).toContainText("39.90 €");

  // Delete it (behind a confirmation).
  const doomed = (await adminRow(page, token)).filter({ hasText: name });
  await doomed.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete “${name}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "deleted successfully")).toContainText(name);
  await expect(page.getByTestId("admin-product-row").filter({ hasText: name })).toHaveCount(0);
  expect(await getProductById(shopContext(), productId)).toBeNull();

  await page.goto(`/product/${slug}`);
  await expect(page).toHaveURL(/\/product$/);
  await page.goto(`/product?search=${token}`);
  await expect(cards).toHaveCount(0);
  await page.goto("/cart/view-cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  // Its images are gone from the bucket too.
  expect((await page.request.get(thumbs[0] as string)).status()).toBe(404);
});

test("a product in two colourways on the kids' scale: the stock grid, a duplicate SKU refused under its field", async ({
  adminPage: page,
}, info) => {
  test.setTimeout(120_000);
  const { name } = uniqueName(info.project.name, "Puddle Coat");
  const slug = slugify(name);
  await page.goto("/admin/products/new");
  const form = page.getByRole("form", { name: "New product" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Category").selectOption("Kid");
  await form.getByLabel("Price (€)", { exact: true }).fill("34.90");
  await form.getByLabel("Description").fill("A coat for jumping in puddles.");
  for (const colour of ["navy", "sky-blue"]) {
    await form.getByLabel("Add a colour").selectOption(colour);
    await form.getByRole("button", { name: "Add colour" }).click();
  }
  // Renamed (another colour of the palette), then moved first with the keyboard.
  await form.getByLabel("Colour 2", { exact: true }).selectOption("forest");
  await form.getByRole("button", { name: "Move Forest up" }).focus();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("button", { name: "Move Forest down" })).toBeFocused();
  await expect(form.getByLabel("Colour 1", { exact: true })).toHaveValue("forest");

  // The kids' scale: its sizes as boxes, a row per colour and size in the grid.
  await form.getByLabel("Size scale").selectOption("kids");
  await expect(form.getByRole("checkbox", { name: /^M\b/ })).toHaveCount(0);
  await form.getByRole("checkbox", { name: /^3–4 Y/ }).check();
  await form.getByRole("checkbox", { name: /^4–5 Y/ }).check();
  await expect(form.getByLabel(/^Stock /)).toHaveCount(4);
  await form.getByLabel("Stock Forest 3–4 Y").fill("5");
  await form.getByLabel("Stock Navy 4–5 Y").fill("2");
  await expect(form.getByLabel("SKU Navy 3–4 Y")).toHaveValue(suggestSku(slug, "navy", "3-4y"));
  await form.getByLabel("GTIN Navy 3–4 Y").fill("4006381333931");
  // A colourway added and removed again loses nothing typed.
  await form.getByLabel("Add a colour").selectOption("mustard");
  await form.getByRole("button", { name: "Add colour" }).click();
  await expect(form.getByLabel(/^Stock /)).toHaveCount(6);
  await form.getByRole("button", { name: "Remove Mustard" }).click();
  await expect(form.getByLabel(/^Stock /)).toHaveCount(4);
  await expect(form.getByLabel("Stock Forest 3–4 Y")).toHaveValue("5");
  await expect(form.getByLabel("GTIN Navy 3–4 Y")).toHaveValue("4006381333931");

  // A photo per colour: each new photo goes to the first colour without one.
  await form.getByLabel("Add images").setInputFiles([
    { name: "forest.png", mimeType: "image/png", buffer: png(6, 8, [40, 90, 60]) },
    { name: "navy.png", mimeType: "image/png", buffer: png(6, 8, [30, 40, 90]) },
  ]);
  await expect(form.getByTestId("product-image")).toHaveCount(2);
  await expect(form.getByText("Uploading…")).toHaveCount(0, { timeout: 60_000 });
  await expect(form.getByLabel("Colour of image 1").locator("option:checked")).toHaveText("Forest");
  await expect(form.getByLabel("Colour of image 2").locator("option:checked")).toHaveText("Navy");

  // The same SKU twice: refused under the later variant's SKU, nothing stored.
  await form
    .getByLabel("SKU Navy 4–5 Y")
    .fill(suggestSku(slug, "navy", "3-4y").toLowerCase().replaceAll("-", " "));
  await form.getByRole("button", { name: "Create" }).click();
  const skuField = form.getByLabel("SKU Navy 4–5 Y");
  await expect(skuField).toHaveAttribute("aria-invalid", "true");
  const errorId = await skuField.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(SKU_REPEATED);
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  expect(await getProductBySlug(shopContext(), slug)).toBeNull();

  await skuField.fill("PUDDLE-NAVY-45");
  await expect(skuField).not.toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/admin\/list-products$/, { timeout: 30_000 });
  await expect(toast(page, "created successfully")).toContainText(name);
  const product = await getProductBySlug(shopContext(), slug);
  if (!product) throw new Error("not created");
  try {
    expect(product).toMatchObject({ sizeScale: "kids", sizes: ["3-4y", "4-5y"] });
    expect(product.colourways.map((c) => [c.colour.id, c.images.length])).toEqual([
      ["forest", 1],
      ["navy", 1],
    ]);
    expect(product.variants.map(({ key, sku, gtin }) => [key, sku, gtin])).toEqual([
      ["forest/3-4y", suggestSku(slug, "forest", "3-4y"), undefined],
      ["forest/4-5y", suggestSku(slug, "forest", "4-5y"), undefined],
      ["navy/3-4y", suggestSku(slug, "navy", "3-4y"), "4006381333931"],
      ["navy/4-5y", "PUDDLE-NAVY-45", undefined],
    ]);
    expect(await getStock(shopContext(), product.id)).toEqual({
      "forest/3-4y": 5,
      "forest/4-5y": 0,
      "navy/3-4y": 0,
      "navy/4-5y": 2,
    });
    // The product page shows both colours' photos.
    await page.goto(`/product/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const html = await page.content();
    for (const image of product.images) expect(html).toContain(image.key);

    // Edited again: the grid shows what is stored.
    await page.goto(`/admin/products/${product.id}`);
    const edit = page.getByRole("form", { name: "Edit product" });
    await expect(edit.getByLabel("Size scale")).toHaveValue("kids");
    await expect(edit.getByLabel("Stock Forest 3–4 Y")).toHaveValue("5");
    await expect(edit.getByLabel("SKU Navy 4–5 Y")).toHaveValue("PUDDLE-NAVY-45");
    // On a phone the page never scrolls sideways, the grid in its two colourways included.
    await expectFitsPhone(page);
  } finally {
    await deleteProduct(shopContext(), product.id);
  }
});

test("an admin adds two phone photos of 6 MB each to a product, and the shop shows them", async ({
  adminPage: page,
}, info) => {
  // More than a function URL takes in one request (6 MB, base64-encoded): the page sends each
  // photo straight to the images bucket (docs/decisions/031-direct-photo-uploads.md).
  test.setTimeout(180_000);
  const MB = 1024 * 1024;
  const { token, name } = uniqueName(info.project.name, "Phone Photo Coat");
  const [front, back] = await Promise.all([
    photoOfAtLeast(6 * MB, 40),
    photoOfAtLeast(6 * MB, 220),
  ]);
  expect(Math.min(front.length, back.length)).toBeGreaterThanOrEqual(6 * MB);

  await page.goto("/admin/products/new");
  const form = page.getByRole("form", { name: "New product" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Category").selectOption("Women");
  await form.getByLabel("Price (€)", { exact: true }).fill("129");
  await form.getByLabel("Description").fill("Photographed with a phone, full size.");
  await form.getByLabel("Add a colour").selectOption("camel");
  await form.getByRole("button", { name: "Add colour" }).click();
  await form.getByRole("checkbox", { name: /^M\b/ }).check();
  await form.getByLabel("Stock Camel M").fill("2");
  await form.getByLabel("Add images").setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: front },
    { name: "back.png", mimeType: "image/png", buffer: back },
  ]);
  await expect(form.getByTestId("product-image")).toHaveCount(2);
  await expect(form.getByText("Uploading…")).toHaveCount(0, { timeout: 60_000 });
  await form.getByLabel("Alt text for image 1").fill("Phone photo coat, front");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/admin\/list-products$/);
  await expect(toast(page, "created successfully")).toContainText(name);

  const product = await getProductBySlug(shopContext(), slugify(name));
  if (!product) throw new Error("not created");
  try {
    await page.goto(`/product?search=${token}`);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    await page.goto(`/product/${slugify(name)}`);
    const carousel = page.getByRole("region", { name: `Images of ${name}` });
    await expect(carousel.getByRole("img", { name: "Phone photo coat, front" })).toBeVisible();
    // Each photo as uploaded, whole (the pages offer its variants once they are made).
    const shown = await carousel
      .locator("ul img")
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    expect(shown).toHaveLength(2);
    const served = await Promise.all(
      shown.map(async (src) => Buffer.from(await (await page.request.get(src)).body())),
    );
    expect(served[0]?.equals(front)).toBe(true);
    expect(served[1]?.equals(back)).toBe(true);
  } finally {
    await deleteProduct(shopContext(), product.id);
  }
});

test("the server's errors show on the field they name, and nothing is stored", async ({
  adminPage: page,
}, info) => {
  const { name } = uniqueName(info.project.name, "Clash Tee");
  await page.goto("/admin/products/new");
  const form = page.getByRole("form", { name: "New product" });
  await expect(form).toBeVisible();

  // Nothing chosen → the messages, nothing stored: the browser's check, or the server's when the
  // click lands before the page has hydrated (the form is a plain POST until then).
  await form.getByRole("button", { name: "Create" }).click();
  await expect(form.getByText("Name is required")).toBeVisible();
  await expect(form.getByText("Choose at least one size")).toBeVisible();
  await expect(form.getByText("Add at least one colour")).toBeVisible();
  await expect(form.getByText("Add at least one image")).toBeVisible();
  // The messages stay when the page renders again (here: its data revalidated in the
  // background), until the form is sent again.
  await page.evaluate(() =>
    (
      window as unknown as { __remixRouter: { revalidate(): Promise<void> } }
    ).__remixRouter.revalidate(),
  );
  await expect(form.getByText("Name is required")).toBeVisible();
  await expect(form.getByText("Choose at least one size")).toBeVisible();

  // An SVG is not a raster image, whatever its name says.
  await form.getByLabel("Add images").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(
    form.getByText("logo.png must be a JPEG, PNG, WebP, GIF or AVIF image"),
  ).toBeVisible();
  await expect(form.getByTestId("product-image")).toHaveCount(0);

  // A slug another product holds: the server says so on the Slug field.
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Slug").fill("organic-cotton-crew-t-shirt");
  await form.getByLabel("Category").selectOption("Men");
  await form.getByLabel("Price (€)", { exact: true }).fill("19,99");
  await form.getByLabel("Description").fill("Clashes with a seeded slug.");
  await form.getByLabel("Add a colour").selectOption("olive");
  await form.getByRole("button", { name: "Add colour" }).click();
  await form.getByRole("checkbox", { name: /^S\b/ }).check();
  await form.getByLabel("Add images").setInputFiles({
    name: "dot.png",
    mimeType: "image/png",
    buffer: png(4, 4, [0, 120, 0]),
  });
  await form.getByRole("button", { name: "Create" }).click();
  await expect(form.getByText("This slug is already used by another product")).toBeVisible();
  await expect(form.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  expect((await getProductBySlug(shopContext(), "organic-cotton-crew-t-shirt"))?.name).not.toBe(
    name,
  );

  // The server checks the bytes too (a request that skips the page's checks): S3 takes what the
  // policy allows, a file declared a PNG; the form refuses it by its content, and it is deleted.
  const draftId = crypto.randomUUID();
  const evil = await uploadAsThePage(
    page,
    draftId,
    "image/png",
    Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
  );
  expect(evil.status).toBe(204);
  const response = await page.request.post("/admin/products/new", {
    maxRedirects: 0,
    form: {
      intent: "save",
      draftId,
      name,
      slug: slugify(name),
      category: "Men",
      price: "19.99",
      description: "Sent by hand.",
      sizes: "S",
      imageRef: evil.ref,
    },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("The file must be a JPEG, PNG, WebP, GIF or AVIF image");
  expect(await getProductBySlug(shopContext(), slugify(name))).toBeNull();
  expect((await page.request.get(evil.url)).status()).toBe(404);
});

test("hostile requests from an admin get a 4xx and change nothing", async ({
  adminPage: page,
}, info) => {
  const { name } = uniqueName(info.project.name, "Hostile Sock");
  const slug = slugify(name);
  await page.goto("/admin/list-products");
  await expect(page).toHaveURL(/\/admin\/list-products$/);
  const valid = {
    intent: "save",
    draftId: crypto.randomUUID(),
    name,
    slug,
    category: "Men",
    price: "9.99",
    description: "x",
    sizes: "S",
  };
  // A photo in the bucket, as the page uploads it for this draft; and one for another product.
  const dot = await uploadAsThePage(page, valid.draftId, "image/png", png(2, 2, [1, 2, 3]));
  const others = await uploadAsThePage(
    page,
    crypto.randomUUID(),
    "image/png",
    png(2, 2, [3, 2, 1]),
  );
  expect([dot.status, others.status]).toEqual([204, 204]);
  const withDot = { ...valid, imageRef: dot.ref };
  const cases: Array<[string, string, Record<string, string>, number]> = [
    ["no draft id", "/admin/products/new", { ...withDot, draftId: "" }, 400],
    ["a key-like draft id", "/admin/products/new", { ...withDot, draftId: "PRODUCT#x" }, 400],
    ["an unknown intent", "/admin/products/new", { ...withDot, intent: "drop-table" }, 400],
    ["another product's upload", "/admin/products/new", { ...valid, imageRef: others.ref }, 400],
    [
      "an upload the server never signed",
      "/admin/products/new",
      { ...valid, imageRef: `upload:products/${valid.draftId}/x.png:${"A".repeat(43)}` },
      400,
    ],
    [
      "a key in the draft's folder never uploaded",
      "/admin/products/new",
      { ...valid, imageRef: `key:products/${valid.draftId}/x.png` },
      400,
    ],
    [
      "another product's image",
      "/admin/products/new",
      { ...valid, imageRef: "key:products/organic-cotton-crew-t-shirt/1.svg" },
      400,
    ],
    [
      "a key outside products/",
      "/admin/products/new",
      { ...valid, imageRef: "key:../invoices/x.pdf" },
      400,
    ],
    ["a price of 0", "/admin/products/new", { ...withDot, price: "0" }, 400],
    ["an unknown product", `/admin/products/${crypto.randomUUID()}`, withDot, 404],
    [
      "a presign of a type that is no image",
      `/admin/products/${valid.draftId}/photo-upload`,
      { type: "image/svg+xml" },
      400,
    ],
    [
      "a presign for a key-like id",
      "/admin/products/PRODUCT%23x/photo-upload",
      { type: "image/png" },
      400,
    ],
    ["a delete of nothing", "/admin/list-products", { intent: "delete", id: "x".repeat(80) }, 400],
    [
      "a delete of a missing product",
      "/admin/list-products",
      { intent: "delete", id: crypto.randomUUID() },
      404,
    ],
  ];
  for (const [what, path, fields, status] of cases) {
    const response = await page.request.post(path, { maxRedirects: 0, form: fields });
    expect(response.status(), what).toBe(status);
  }
  // A coloured form with one bad input: a 400 naming the field and saying why.
  const coloured: Array<[string, string]> = [
    ...Object.entries(withDot),
    ["sizeScale", "adult"],
    ["colours", "navy"],
    ["imageColour", "0"],
  ];
  const colourCases: Array<[string, Array<[string, string]>, string, string]> = [
    [
      "a negative stock",
      [[variantField("stock", "navy", "S"), "-2"]],
      variantField("stock", "navy", "S"),
      STOCK_FORMAT,
    ],
    [
      "a bad GTIN",
      [[variantField("gtin", "navy", "S"), "12345678"]],
      variantField("gtin", "navy", "S"),
      GTIN_FORMAT,
    ],
    ["a size of another scale", [["sizes", "6-9m"]], "sizes", sizesOutsideScale("adult")],
    ["the same colour twice", [["colours", "navy"]], "colours", colourTwice("Navy")],
  ];
  for (const [what, extra, field, message] of colourCases) {
    const response = await page.request.post("/admin/products/new", {
      maxRedirects: 0,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: new URLSearchParams([...coloured, ...extra]).toString(),
    });
    expect(response.status(), what).toBe(400);
    // The form shows the message (under the field the unit tests name: `field`).
    expect(await response.text(), `${what} on ${field}`).toContain(message.slice(0, 24));
  }
  const unknownColour = await page.request.post("/admin/products/new", {
    maxRedirects: 0,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams(
      coloured.map(([key, value]) => [key, key === "colours" ? "plaid" : value]),
    ).toString(),
  });
  expect(unknownColour.status()).toBe(400);
  expect(await unknownColour.text()).toContain(COLOUR_UNKNOWN);
  // Multipart where a route takes no files is refused as such: no form of the admin's takes
  // files since photos go straight to the bucket.
  for (const path of ["/admin/list-products", "/admin/products/new"]) {
    const multipart = await page.request.post(path, {
      maxRedirects: 0,
      multipart: { ...withDot, intent: "delete", id: crypto.randomUUID() },
    });
    expect(multipart.status(), path).toBe(415);
  }
  expect(await getProductBySlug(shopContext(), slug)).toBeNull();
});

test("the list and the form: no serious axe findings, and usable 375 px wide", async ({
  adminPage: page,
}, info) => {
  // Two axe scans at two widths, then an edit: longer than one journey's 30 s on a busy machine.
  test.slow();
  await page.goto("/admin/list-products");
  await expect(page).toHaveURL(/\/admin\/list-products$/);
  for (const path of ["/admin/list-products", "/admin/products/new"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
      path,
    ).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    // The page itself never scrolls sideways (the table scrolls inside its own box).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      path,
    ).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  // Its own product: other tests delete theirs at any moment.
  const { token, name } = uniqueName(info.project.name, "Narrow Glove");
  const product = await createProduct(shopContext(), {
    slug: slugify(name),
    name,
    category: "Women",
    priceCents: 1500,
    description: "Edited on a phone.",
    sizes: ["S"],
    stock: unitsOfEach(["S"], 50),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name }],
  });
  try {
    await page.setViewportSize({ width: 375, height: 740 });
    const row = (await adminRow(page, token)).filter({ hasText: name });
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const form = page.getByRole("form", { name: "Edit product" });
    await form.getByLabel("Price (€)", { exact: true }).fill("14");
    await form.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/admin\/list-products$/);
    expect((await getProductById(shopContext(), product.id))?.priceCents).toBe(1400);
  } finally {
    await deleteProduct(shopContext(), product.id);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list filters and pages by URL; the form says photos need JavaScript, reorders images, changes colourways and the scale, and updates", async ({
    adminPage: page,
  }, info) => {
    test.setTimeout(90_000);
    await page.goto("/admin/list-products");
    await expect(page).toHaveURL(/\/admin\/list-products$/);
    const rows = page.getByTestId("admin-product-row");
    await expect(rows).toHaveCount(12);
    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: "Page 2" })
      .click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(rows.first()).toBeVisible();
    const filters = page.getByRole("search", { name: "Products" });
    await filters.getByLabel("Audience").selectOption("baby");
    await filters.getByLabel("Search by name").fill("o");
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/search=o/);
    await expect(page).toHaveURL(/category=baby/);
    await expect(page).not.toHaveURL(/page=/);
    for (const audience of await rows.locator("td:nth-child(3)").allTextContents()) {
      expect(audience).toBe("Baby");
    }

    // Photos go from the page straight to the images bucket: without JavaScript the picker is
    // off and says so (docs/decisions/031-direct-photo-uploads.md).
    await page.goto("/admin/products/new");
    const form = page.getByRole("form", { name: "New product" });
    await expect(form.getByLabel("Add images")).toBeDisabled();
    // (Its <noscript> message: the browser shows it, the test's browser keeps it as text.)
    expect(await form.locator("noscript").innerHTML()).toContain(
      PHOTOS_NEED_JAVASCRIPT.split(":")[0],
    );

    // A product whose photos were added with JavaScript: the rest of the form works without it.
    const { name } = uniqueName(info.project.name, "Plain Beanie");
    const id = crypto.randomUUID();
    const [keyA, keyB] = [`products/${id}/a.png`, `products/${id}/b.png`];
    const created = await createProduct(
      shopContext(),
      {
        name,
        slug: slugify(name),
        category: "Baby",
        priceCents: 1200,
        description: "Knitted, without JavaScript.",
        sizes: ["S"],
        stock: unitsOfEach(["S"], 1),
        images: [
          { key: keyA, alt: "" },
          { key: keyB, alt: "" },
        ],
      },
      { id },
    );
    try {
      await page.goto(`/admin/products/${created.id}`);
      const edit = page.getByRole("form", { name: "Edit product" });
      await edit.getByRole("button", { name: "Move image 2 up" }).click();
      // The server answers with the form as it now stands; nothing is saved yet.
      await expect(edit.getByRole("button", { name: "Move image 1 up" })).toBeDisabled();
      expect((await getProductById(shopContext(), created.id))?.images.map((i) => i.key)).toEqual([
        keyA,
        keyB,
      ]);
      await edit.getByLabel("Alt text for image 1").fill("Teal beanie");
      await edit.getByLabel("Price (€)", { exact: true }).fill("11.50");
      // Colourways without JavaScript: the buttons submit and the form comes back as it stands,
      // with what was typed.
      await edit.getByLabel("Add a colour").selectOption("teal");
      await edit.getByRole("button", { name: "Add colour" }).click();
      await expect(edit.getByTestId("colourway")).toHaveCount(2);
      await expect(edit.getByLabel("Alt text for image 1")).toHaveValue("Teal beanie");
      await expect(edit.getByLabel("Price (€)", { exact: true })).toHaveValue("11.50");
      await edit.getByRole("button", { name: "Move Teal up" }).click();
      await expect(edit.getByLabel("Colour 1", { exact: true })).toHaveValue("teal");
      // The photo colours follow their colourway's position; the other colourway renamed.
      await edit.getByLabel("Colour 2", { exact: true }).selectOption("mustard");
      await edit.getByLabel("Colour of image 1").selectOption({ label: "Teal" });
      await edit.getByLabel("Colour of image 2").selectOption({ label: "Teal" });
      // The scale changed: "Show sizes" shows its boxes.
      await edit.getByLabel("Size scale").selectOption("one-size");
      await edit.getByRole("button", { name: "Show sizes" }).click();
      await edit.getByRole("checkbox", { name: "One size" }).check();
      await edit.getByRole("button", { name: "Update" }).click();
      // Mustard has no photo: refused on the colours, nothing stored.
      await expect(
        edit.getByText("No photo shows Mustard: add one, or remove the colour"),
      ).toBeVisible();
      expect((await getProductById(shopContext(), created.id))?.priceCents).toBe(1200);
      await edit.getByRole("button", { name: "Remove Mustard" }).click();
      await expect(edit.getByTestId("colourway")).toHaveCount(1);
      await expect(edit.getByLabel("Stock Teal One size")).toHaveValue("0");
      await edit.getByLabel("Stock Teal One size").fill("4");
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(page).toHaveURL(/\/admin\/list-products$/);
      const updated = await getProductById(shopContext(), created.id);
      expect(updated?.priceCents).toBe(1150);
      expect(updated?.images.map((i) => [i.key, i.alt, i.colour])).toEqual([
        [keyB, "Teal beanie", "teal"],
        [keyA, name, "teal"],
      ]);
      expect(updated).toMatchObject({ sizeScale: "one-size", sizes: ["OS"] });
      expect((await getStock(shopContext(), created.id))["teal/OS"]).toBe(4);
    } finally {
      await deleteProduct(shopContext(), created.id);
    }
  });
});

test.describe("who may use the product screens", () => {
  /** A product arranged through core, to aim the forbidden requests at. */
  async function target(project: string) {
    const { name } = uniqueName(project, "Guarded Scarf");
    return createProduct(shopContext(), {
      slug: slugify(name),
      name,
      category: "Women",
      priceCents: 2500,
      description: "Nobody but an admin may change this.",
      sizes: ["S"],
      stock: unitsOfEach(["S"], 50),
      // A seeded image, so the catalogue shows no broken picture while it exists.
      images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name }],
    });
  }

  const attempts = (
    productId: string,
    slug: string,
  ): Array<{ method: "GET" | "POST"; path: string; form?: Record<string, string> }> => [
    { method: "GET", path: "/admin/list-products" },
    { method: "GET", path: "/admin/list-products?search=scarf&category=women&page=2" },
    { method: "GET", path: "/admin/products/new" },
    { method: "GET", path: `/admin/products/${productId}` },
    {
      method: "POST",
      path: "/admin/list-products",
      form: { intent: "delete", id: productId },
    },
    {
      method: "POST",
      path: `/admin/products/${productId}`,
      form: {
        intent: "save",
        name: "Hijacked",
        slug,
        category: "Men",
        price: "0.01",
        description: "x",
        sizes: "S",
        imageRef: "key:products/organic-cotton-crew-t-shirt/1.svg",
        imageAlt: "",
      },
    },
    {
      method: "POST",
      path: "/admin/products/new",
      form: {
        intent: "save",
        draftId: crypto.randomUUID(),
        name: "Intruder",
        slug: `${slug}-intruder`,
        category: "Men",
        price: "1.00",
        description: "x",
        sizes: "S",
        imageRef: "key:products/organic-cotton-crew-t-shirt/1.svg",
        imageAlt: "",
      },
    },
  ];

  async function expectRefused(page: Page, productId: string, slug: string) {
    for (const attempt of attempts(productId, slug)) {
      const response =
        attempt.method === "GET"
          ? await page.request.get(attempt.path, { maxRedirects: 0 })
          : await page.request.post(attempt.path, { maxRedirects: 0, form: attempt.form });
      expect([302, 303], `${attempt.method} ${attempt.path}`).toContain(response.status());
      expect(response.headers().location, `${attempt.method} ${attempt.path}`).toMatch(
        /^\/auth\/sign-in\?/,
      );
    }
    const product = await getProductById(shopContext(), productId);
    expect(product).toMatchObject({
      name: expect.stringContaining("Guarded Scarf"),
      priceCents: 2500,
    });
    expect(await getProductBySlug(shopContext(), `${slug}-intruder`)).toBeNull();
  }

  let product: Awaited<ReturnType<typeof target>>;
  test.beforeEach(async ({ page: _ }, info) => {
    product = await target(info.project.name);
  });
  test.afterEach(async () => {
    await deleteProduct(shopContext(), product.id);
  });

  test("a signed-out visitor is sent to sign in and changes nothing", async ({ page }) => {
    await expectRefused(page, product.id, product.slug);
  });

  test("a customer is sent to sign in and changes nothing", async ({ page }) => {
    await signIn(page, CUSTOMER.email, CUSTOMER.password);
    await expect(page).toHaveURL(/\/product$/);
    await expectRefused(page, product.id, product.slug);
  });

  test("an admin's delete from another site is refused (403)", async ({ adminPage: page }) => {
    await page.goto("/admin/list-products");
    await expect(page).toHaveURL(/\/admin\/list-products$/);
    const response = await page.request.post("/admin/list-products", {
      maxRedirects: 0,
      form: { intent: "delete", id: product.id },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
    expect(await getProductById(shopContext(), product.id)).not.toBeNull();
  });
});
