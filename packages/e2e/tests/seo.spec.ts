// Search engines and link previews (docs/product.md §2 "Search engines"): robots.txt, the
// sitemap (every seeded product, and a product the admin creates, at once), the icons and the
// manifest answer with their own types (not the catalogue a redirect would give); public pages
// carry a description, a canonical URL and Open Graph tags; private pages carry noindex.
import type { Page } from "@playwright/test";
import { slugify } from "@shop/core/catalog";
import { deleteProduct, getProductBySlug } from "@shop/core/server/catalog";
import sharp from "sharp";
import { SEED_PRODUCTS } from "../../../scripts/seed-data/index.ts";
import { expect, test } from "../support/fixtures";
import { signInNewCustomer } from "../support/pages";
import { shopContext } from "../support/shop";

let seq = 0;
test.beforeEach(async ({ page }) => {
  // Each test is its own client for the abuse limits (the tests play the proxy).
  await page.setExtraHTTPHeaders({
    "cloudfront-viewer-address": `198.51.100.${Date.now() % 250}-${seq++}`,
  });
});

/** The shop's public origin, as robots.txt names it (APP_URL). */
async function publicOrigin(page: Page): Promise<string> {
  const robots = await (await page.request.get("/robots.txt")).text();
  const sitemap = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  if (!sitemap) throw new Error(`robots.txt names no sitemap:\n${robots}`);
  return new URL(sitemap).origin;
}

/** The paths (with their query) the sitemap lists. */
async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL((match[1] ?? "").replaceAll("&amp;", "&"));
    return url.pathname + url.search;
  });
}

test.describe("files for crawlers and browsers", () => {
  test("answer 200 with their own content types, never a redirect", async ({ page }) => {
    for (const [path, type] of [
      ["/robots.txt", "text/plain"],
      ["/sitemap.xml", "application/xml"],
      ["/favicon.ico", "image/x-icon"],
      ["/favicon.svg", "image/svg+xml"],
      ["/apple-touch-icon.png", "image/png"],
      ["/icon-192.png", "image/png"],
      ["/icon-512.png", "image/png"],
      ["/icon-maskable-512.png", "image/png"],
      ["/manifest.webmanifest", "application/manifest+json"],
    ] as const) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-type"], path).toContain(type);
    }
    const favicon = await (await page.request.get("/favicon.ico")).body();
    expect([...favicon.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // an ICO file's header
  });

  test("robots.txt keeps crawlers out of the private areas and names the sitemap", async ({
    page,
  }) => {
    const res = await page.request.get("/robots.txt");
    expect(res.headers()["cache-control"]).toContain("s-maxage=3600");
    const robots = await res.text();
    for (const rule of [
      "User-agent: *",
      "Allow: /auth/sign-in",
      "Disallow: /user",
      "Disallow: /cart",
      "Disallow: /order",
      "Disallow: /admin",
      "Disallow: /auth/",
    ]) {
      expect(robots.split("\n")).toContain(rule);
    }
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/\s]+\/sitemap\.xml$/m);
  });

  test("the manifest names its icons in the shop's colours", async ({ page }) => {
    const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as {
      name: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(manifest.name).toBe("Threadline");
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    for (const icon of manifest.icons) {
      expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    }
  });

  test("the sitemap lists every seeded product, the category views and the static pages", async ({
    page,
  }) => {
    const res = await page.request.get("/sitemap.xml");
    expect(res.headers()["cache-control"]).toContain("s-maxage=3600");
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const origin = await publicOrigin(page);
    for (const loc of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      expect(loc[1]?.startsWith(`${origin}/`)).toBe(true);
    }
    const paths = await sitemapPaths(page);
    for (const product of SEED_PRODUCTS) expect(paths).toContain(`/product/${product.slug}`);
    expect(xml).toMatch(
      /<loc>[^<]+\/product\/[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/,
    );
    for (const category of ["men", "women", "kid", "baby"]) {
      expect(paths).toContain(`/product?category=${category}`);
    }
    for (const path of ["/product", "/company/who-we-are", "/customer-service/shipping"]) {
      expect(paths).toContain(path);
    }
    expect(paths.some((path) => /^\/(cart|user|order|admin|auth)/.test(path))).toBe(false);
    // The sitemap is one file at this size: there is no part to ask for.
    expect((await page.request.get("/sitemap/1.xml")).status()).toBe(404);
  });

  test("a product the admin creates is in the sitemap at once", async ({ page, adminState }) => {
    const name = `Sitemap Scarf ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const slug = slugify(name);
    expect(await sitemapPaths(page)).not.toContain(`/product/${slug}`);

    // Read signed out above; the admin's session from here on.
    await page.context().addCookies(adminState.cookies);
    await page.goto("/admin/products/new");
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    const form = page.getByRole("form", { name: "New product" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Category").selectOption("Women");
    await form.getByLabel("Price (€)", { exact: true }).fill("19.90");
    await form.getByLabel("Description").fill("A light scarf for the sitemap test.");
    await form.getByLabel("Add a colour").selectOption("teal");
    await form.getByRole("button", { name: "Add colour" }).click();
    await form.getByRole("checkbox", { name: /^M\b/ }).check();
    await form.getByLabel("Stock Teal M").fill("4");
    const image = await sharp({
      create: { width: 8, height: 10, channels: 3, background: "#237157" },
    })
      .png()
      .toBuffer();
    await form
      .getByLabel("Add images")
      .setInputFiles([{ name: "scarf.png", mimeType: "image/png", buffer: image }]);
    await expect(form.getByTestId("product-image")).toHaveCount(1);
    await form.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL(/\/admin\/list-products$/);

    try {
      expect(await sitemapPaths(page)).toContain(`/product/${slug}`);
    } finally {
      const created = await getProductBySlug(shopContext(), slug);
      if (created) await deleteProduct(shopContext(), created.id);
    }
  });
});

/** The page's robots directive, canonical URL, description and Open Graph tags. */
async function headTags(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) =>
      document.head.querySelector<HTMLMetaElement>(selector)?.content ?? null;
    return {
      robots: meta('meta[name="robots"]'),
      description: meta('meta[name="description"]'),
      canonical:
        document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      ogTitle: meta('meta[property="og:title"]'),
      ogDescription: meta('meta[property="og:description"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogType: meta('meta[property="og:type"]'),
      ogImage: meta('meta[property="og:image"]'),
    };
  });
}

test.describe("meta tags", () => {
  test("public pages have a description, their canonical URL and Open Graph tags", async ({
    page,
  }) => {
    const origin = await publicOrigin(page);
    const product = SEED_PRODUCTS[0];
    if (!product) throw new Error("no seeded product");
    for (const [visit, canonical] of [
      ["/product", "/product"],
      ["/product?category=men&sort=price-asc", "/product?category=men"],
      [`/product/${product.slug}?size=M`, `/product/${product.slug}`],
      ["/company/who-we-are", "/company/who-we-are"],
      ["/customer-service/contact", "/customer-service/contact"],
      ["/auth/sign-in?redirectTo=%2Fcart%2Fcheckout", "/auth/sign-in"],
      ["/auth/sign-up", "/auth/sign-up"],
    ] as const) {
      await page.goto(visit);
      const tags = await headTags(page);
      expect(tags.robots, visit).toBeNull();
      expect(tags.description?.length ?? 0, visit).toBeGreaterThan(30);
      expect(tags.canonical, visit).toBe(`${origin}${canonical}`);
      expect(tags.ogUrl, visit).toBe(`${origin}${canonical}`);
      expect(tags.ogTitle, visit).toBeTruthy();
      expect(tags.ogDescription, visit).toBe(tags.description);
      expect(await page.title(), visit).toMatch(/Threadline/);
    }
    await page.goto(`/product/${product.slug}`);
    const tags = await headTags(page);
    expect(tags.ogType).toBe("product");
    expect(tags.ogImage).toMatch(/^https?:\/\//);
  });

  test("private pages carry noindex and no canonical URL", async ({ page, adminState }) => {
    const privatePaths = [
      "/cart/view-cart",
      "/cart/checkout",
      "/user/profile",
      "/user/address",
      "/order/order-history",
      "/auth/confirm-email?token=not-a-token",
    ];
    await signInNewCustomer(page.request, "seo-noindex");
    for (const path of privatePaths) {
      await page.goto(path);
      const tags = await headTags(page);
      expect(tags.robots, path).toBe("noindex");
      expect(tags.canonical, path).toBeNull();
    }
    await page.context().clearCookies();
    await page.context().addCookies(adminState.cookies);
    await page.goto("/admin/list-products");
    expect((await headTags(page)).robots).toBe("noindex");
  });
});
