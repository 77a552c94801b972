// HTTP caching. The public pages: any cache may keep them but must ask again before each use,
// so an admin's edit shows at once (also behind CloudFront); asking again costs a 304 while
// nothing changed.
import { expect, test } from "@playwright/test";
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct, getProductBySlug, updateProduct } from "@shop/core/server/catalog";
import { shopContext } from "../support/shop";

test("catalogue pages revalidate: 304 while unchanged, the new page right after an edit", async ({
  request,
}, info) => {
  test.skip(info.project.name === "mobile", "HTTP only: once is enough");
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
  const url = `/product/${slug}`;

  const first = await request.get(url);
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("public, no-cache");
  const etag = first.headers().etag ?? "";
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(await first.text()).toContain("42.00");

  const unchanged = await request.get(url, { headers: { "If-None-Match": etag } });
  expect(unchanged.status()).toBe(304);
  expect(await unchanged.text()).toBe("");

  await updateProduct(shopContext(), product.id, { ...input, priceCents: 4700 });
  expect((await getProductBySlug(shopContext(), slug))?.priceCents).toBe(4700);
  const edited = await request.get(url, { headers: { "If-None-Match": etag } });
  expect(edited.status()).toBe(200);
  expect(edited.headers().etag).not.toBe(etag);
  expect(await edited.text()).toContain("47.00");

  // A signed-in visitor's page is personal: never a shared validator.
  const personal = await request.get(url, { headers: { Cookie: "__session=whatever" } });
  expect(personal.headers().etag).toBeUndefined();
  expect(personal.headers()["cache-control"]).toBe("private, no-store");
});

test("the live search answers are public but asked again before each use", async ({
  request,
}, info) => {
  test.skip(info.project.name === "mobile", "HTTP only: once is enough");
  const res = await request.get("/api/search?q=linen");
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("public, no-cache");
  expect((await res.json()).total).toBeGreaterThan(0);
});

test("public files are served with an hour's cache; an unknown file goes to the catalogue", async ({
  request,
}, info) => {
  test.skip(info.project.name === "mobile", "HTTP only: once is enough");
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
