// The storefront through the shared cache (docs/decisions/018-edge-cache.md): the shop under test
// runs with the local stand-in of CloudFront's cache in front of it (E2E_CACHE_URL), keyed and
// purged as on AWS. What a signed-in visitor sees never reaches an anonymous one, and an admin's
// edit reaches the cached pages through the table's stream within seconds, and only the pages it
// changes.
import type { Page } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { createUser } from "@shop/core/server/accounts";
import {
  catalogSnapshot,
  createProduct,
  deleteProduct,
  publishedVersion,
} from "@shop/core/server/catalog";
import { expect, test } from "../support/fixtures";
import { signIn } from "../support/pages";
import { shopContext } from "../support/shop";

const cacheUrl = () => {
  const url = process.env.E2E_CACHE_URL;
  if (!url) throw new Error("the shop under test runs without its shared cache (E2E_CACHE_URL)");
  return url;
};

const TEE = "organic-cotton-crew-t-shirt";

test("what a signed-in visitor sees never reaches an anonymous visitor through the cache", async ({
  page,
  playwright,
}) => {
  const stamp = `${Date.now()}`;
  const firstName = `Cachetest${stamp}`;
  const email = `edge-cache+${stamp}@example.com`;
  await createUser(shopContext(), { firstName, lastName: "Visitor", email, password: "secret1" });

  // Signed in, through the cache: each page names the visitor.
  await signIn(page, email, "secret1", cacheUrl());
  const pages = ["/product", "/product?category=women", `/product/${TEE}`, "/company/privacy"];
  for (const path of pages) {
    await page.goto(`${cacheUrl()}${path}`);
    await expect(page.getByRole("banner")).toContainText(firstName);
  }
  const search = await page.request.get(`${cacheUrl()}/api/search?q=linen`);
  expect(search.headers()["cache-control"]).toBe("private, no-store");

  // Anonymous, the same URLs through the same cache: the shared entries, and nobody's name.
  const anonymous = await playwright.request.newContext({ baseURL: cacheUrl() });
  try {
    for (const path of [...pages, "/api/search?q=linen"]) {
      // Until the cache answers it (other tests' edits purge the catalogue at any moment).
      await expect
        .poll(
          async () => {
            const res = await anonymous.get(path);
            expect(res.status(), path).toBe(200);
            const body = await res.text();
            expect(body, path).not.toContain(firstName);
            expect(body, path).not.toContain(email);
            expect(body, path).not.toContain("/user/profile");
            return res.headers()["x-cache"];
          },
          { message: path },
        )
        .toBe("Hit");
    }
  } finally {
    await anonymous.dispose();
  }
});

test("an admin's new price shows on the cached product page and catalogue within 10 s; another product stays cached", async ({
  adminPage: page,
  playwright,
}) => {
  const stamp = `${Date.now()}`;
  const product = (name: string, priceCents: number) =>
    createProduct(shopContext(), {
      slug: `edge-${name.toLowerCase()}-${stamp}`,
      name: `Edge ${name} ${stamp}`,
      category: "Men",
      priceCents,
      description: "For the edge cache test.",
      sizes: ["M"],
      stock: unitsOfEach(["M"], 50),
      images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: name }],
    });
  const changed = await product("Parka", 8100);
  const other = await product("Beanie", 2300);
  // The change reader purges a batch's pages, then publishes the search index of the catalogue
  // (functions/src/edge-purge.ts): once an index of the catalogue with both products is published,
  // their creations' purges have landed, and cannot take the pages cached below out again.
  const created = (await catalogSnapshot(shopContext())).version;
  await expect
    .poll(async () => (await publishedVersion(shopContext())) ?? -1, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(created);
  const anonymous = await playwright.request.newContext({ baseURL: cacheUrl() });
  try {
    const catalogue = `/product?search=${stamp}`;
    const urls = [`/product/${changed.slug}`, catalogue, `/product/${other.slug}`];
    // Cached: asked until the cache answers (other tests' edits purge the catalogue at any moment).
    for (const url of urls) {
      await expect.poll(async () => (await anonymous.get(url)).headers()["x-cache"]).toBe("Hit");
      expect(await (await anonymous.get(url)).text(), url).toContain(
        url === urls[2] ? "23.00" : "81.00",
      );
    }

    await editPrice(page, changed.id, "76.40");
    const saved = Date.now();
    const text = async (url: string) => (await anonymous.get(url)).text();
    await expect
      .poll(() => text(`/product/${changed.slug}`), { timeout: 10_000 })
      .toContain("76.40");
    await expect.poll(() => text(catalogue), { timeout: 10_000 }).toContain("76.40");
    expect(Date.now() - saved).toBeLessThan(10_000);

    // The purge named only what changed: the other product's page is still the cached one.
    const untouched = await anonymous.get(`/product/${other.slug}`);
    expect(untouched.headers()["x-cache"]).toBe("Hit");
    expect(await untouched.text()).toContain("23.00");
  } finally {
    await anonymous.dispose();
    await deleteProduct(shopContext(), changed.id);
    await deleteProduct(shopContext(), other.id);
  }
});

/** Changes a product's price through the admin's form (`page`: the `adminPage` fixture) (on the site itself: a private page). */
async function editPrice(page: Page, productId: string, price: string) {
  await page.goto(`/admin/products/${productId}`);
  const form = page.getByRole("form", { name: "Edit product" });
  await form.getByLabel("Price (€)", { exact: true }).fill(price);
  await form.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/admin\/list-products$/);
}
