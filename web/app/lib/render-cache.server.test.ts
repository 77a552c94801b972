import { describe, expect, it } from "vitest";
import { hasDeferredData, RenderCache, renderCacheKey } from "./render-cache.server.ts";

const page = (init: RequestInit = {}, url = "http://shop.test/product?page=2") =>
  new Request(url, init);
const data = (loaderData: Record<string, unknown>) => ({
  loaderData,
  actionData: null,
  errors: null,
});
const headers = () => new Headers();
const NOW = new Date("2026-11-22T10:00:00Z");

describe("renderCacheKey", () => {
  const catalogue = data({ root: { user: null }, "routes/product._index": { items: [1, 2] } });

  it("is the same for the same URL and data, and differs when either changes", () => {
    const key = renderCacheKey(page(), 200, headers(), catalogue, NOW);
    expect(key).toBeTypeOf("string");
    expect(renderCacheKey(page(), 200, headers(), catalogue, NOW)).toBe(key);
    const edited = data({ root: { user: null }, "routes/product._index": { items: [1, 3] } });
    expect(renderCacheKey(page(), 200, headers(), edited, NOW)).not.toBe(key);
    const other = page({}, "http://shop.test/product?page=3");
    expect(renderCacheKey(other, 200, headers(), catalogue, NOW)).not.toBe(key);
    const nextYear = new Date("2027-01-01T00:00:00Z");
    expect(renderCacheKey(page(), 200, headers(), catalogue, nextYear)).not.toBe(key);
  });

  it("keeps nothing personal: no key with a session or toast cookie, or a Set-Cookie", () => {
    for (const cookie of ["sid=1", "a=2; toast=x"]) {
      expect(renderCacheKey(page({ headers: { Cookie: cookie } }), 200, headers(), catalogue)).toBe(
        null,
      );
    }
    // Other cookies (an analytics id) change nothing a page shows.
    expect(
      renderCacheKey(page({ headers: { Cookie: "_ga=1" } }), 200, headers(), catalogue),
    ).not.toBe(null);
    const setting = new Headers({ "Set-Cookie": "toast=; Max-Age=0" });
    expect(renderCacheKey(page(), 200, setting, catalogue)).toBe(null);
  });

  it("renders afresh after an action, on errors, on other statuses and with deferred data", () => {
    expect(renderCacheKey(page({ method: "POST" }), 200, headers(), catalogue)).toBe(null);
    expect(renderCacheKey(page(), 404, headers(), catalogue)).toBe(null);
    expect(
      renderCacheKey(page(), 200, headers(), { ...catalogue, errors: { root: new Error("x") } }),
    ).toBe(null);
    expect(renderCacheKey(page(), 200, headers(), { ...catalogue, actionData: { ok: true } })).toBe(
      null,
    );
    const deferred = data({ "routes/product.$slug": { reviews: Promise.resolve([]) } });
    expect(renderCacheKey(page(), 200, headers(), deferred)).toBe(null);
  });
});

describe("hasDeferredData", () => {
  it("finds a route's promise (its document then waits for it), and nothing in plain data", () => {
    const reviews = Promise.resolve({ reviews: [] });
    expect(hasDeferredData({ root: { user: null }, "routes/product.$slug": { reviews } })).toBe(
      true,
    );
    expect(
      hasDeferredData({ root: { user: null }, "routes/product.$slug": { reviews: { items: [] } } }),
    ).toBe(false);
    expect(hasDeferredData({ root: null, "routes/healthz": "ok" })).toBe(false);
  });
});

describe("RenderCache", () => {
  const bytes = (n: number) => ({ html: new Uint8Array(n) });

  it("evicts the least recently used entry beyond its size", () => {
    const cache = new RenderCache(2, 1000);
    cache.set("a", bytes(10));
    cache.set("b", bytes(10));
    cache.get("a");
    cache.set("c", bytes(10));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("stays within its byte budget and skips documents too large to keep", () => {
    const cache = new RenderCache(100, 100);
    cache.set("big", bytes(60));
    expect(cache.size).toBe(0);
    for (const key of ["a", "b", "c", "d", "e"]) cache.set(key, bytes(25));
    expect(cache.size).toBe(4);
    expect(cache.get("a")).toBeUndefined();
  });
});
