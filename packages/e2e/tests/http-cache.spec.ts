// HTTP caching (docs/decisions/018-edge-cache.md). Anonymous public pages: a shared cache keeps
// them (s-maxage, stale-while-revalidate), a browser asks again each time, and asking again
// costs a 304 while nothing changed. With a session: private, no-store. Never a Set-Cookie on
// what a shared cache may keep.
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct, getProductBySlug, updateProduct } from "@shop/core/server/catalog";
import { COMPANY_LINKS, CUSTOMER_SERVICE_LINKS } from "../../../web/app/lib/shop.ts";
import { expect, test } from "../support/fixtures";
import { originHeaders } from "../support/origin";
import { shopContext } from "../support/shop";

const SHARED = "public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400";

test("the site's pages revalidate: 304 while unchanged, the new page right after an edit", async ({
  request,
}) => {
  const slug = `etag-scarf-${Date.now()}`;
  const input = {
    slug,
    name: `Etag Scarf ${Date.now()}`,
    category: "Women" as const,
    priceCents: 4200,
    description: "For the cache test.",
    sizes: ["S" as const],
    stock: unitsOfEach(["S"], 50),
    images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: "Scarf" }],
  };
  const product = await createProduct(shopContext(), input);
  // The site itself: what a browser or CloudFront revalidates against (the shared cache in
  // front of it shows the edit once the stream's purge arrives: edge-cache.spec.ts).
  const url = `${process.env.E2E_SITE_URL}/product/${slug}`;

  const first = await request.get(url, { headers: originHeaders() });
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe(SHARED);
  const etag = first.headers().etag ?? "";
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(await first.text()).toContain("42.00");

  const unchanged = await request.get(url, {
    headers: { ...originHeaders(), "If-None-Match": etag },
  });
  expect(unchanged.status()).toBe(304);
  expect(await unchanged.text()).toBe("");

  await updateProduct(shopContext(), product.id, { ...input, priceCents: 4700 });
  expect((await getProductBySlug(shopContext(), slug))?.priceCents).toBe(4700);
  const edited = await request.get(url, {
    headers: { ...originHeaders(), "If-None-Match": etag },
  });
  expect(edited.status()).toBe(200);
  expect(edited.headers().etag).not.toBe(etag);
  expect(await edited.text()).toContain("47.00");

  // A request with a session cookie is personal: never a shared validator.
  const personal = await request.get(url, {
    headers: { ...originHeaders(), Cookie: "sid=whatever" },
  });
  expect(personal.headers().etag).toBeUndefined();
  expect(personal.headers()["cache-control"]).toBe("private, no-store");
});

test("the live search answers are shared-cacheable", async ({ request }) => {
  const res = await request.get("/api/search?q=linen");
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe(SHARED);
  expect((await res.json()).total).toBeGreaterThan(0);
});

/** Every public route, as documents and as Remix data (client navigations). */
const PUBLIC_URLS = [
  "/product",
  "/product?category=women&price=25-50",
  "/product?sort=price-asc&page=2",
  "/product/organic-cotton-crew-t-shirt",
  "/product/organic-cotton-crew-t-shirt?size=M",
  ...[...COMPANY_LINKS, ...CUSTOMER_SERVICE_LINKS].map((link) => link.to),
  "/product.data",
  "/product/organic-cotton-crew-t-shirt.data",
  "/company/privacy.data",
  "/api/search?q=linen",
  "/robots.txt",
  "/sitemap.xml",
];

test("anonymous public pages are shared for a minute or more, stale while refreshed, without Set-Cookie", async ({
  request,
}) => {
  for (const url of PUBLIC_URLS) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(200);
    const cacheControl = res.headers()["cache-control"] ?? "";
    expect(Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1]), url).toBeGreaterThanOrEqual(60);
    expect(cacheControl, url).toMatch(/stale-while-revalidate=\d+/);
    expect(cacheControl, url).not.toMatch(/private|no-store/);
    expect(res.headers()["set-cookie"], url).toBeUndefined();
  }
});

test("the redirects to a section's first page are shared too, and private with a session", async ({
  request,
}) => {
  for (const url of ["/", "/company", "/customer-service"]) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(302);
    expect(res.headers()["cache-control"], url).toContain("s-maxage=");
    expect(res.headers()["set-cookie"], url).toBeUndefined();
    const personal = await request.get(url, { maxRedirects: 0, headers: { Cookie: "sid=x" } });
    expect(personal.headers()["cache-control"], url).toBe("private, no-store");
  }
});

test("the same pages with a session answer private, no-store", async ({ adminPage: page }) => {
  for (const url of PUBLIC_URLS.filter((u) => !/robots|sitemap/.test(u))) {
    const res = await page.request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(200);
    expect(res.headers()["cache-control"], url).toBe("private, no-store");
  }
});

test("public files are served with an hour's cache; an unknown file goes to the catalogue", async ({
  request,
}) => {
  for (const path of ["/favicon.svg", "/flags/eu.svg", "/flags/us.svg"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"]).toContain("image/svg+xml");
    expect(res.headers()["cache-control"]).toBe("public, max-age=3600");
  }
  const unknown = await request.get("/nope.svg", { maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers().location).toBe("/product");
});
