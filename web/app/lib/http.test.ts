import { describe, expect, it } from "vitest";
import {
  finalCacheControl,
  isPersonalRequest,
  NO_STORE,
  publicPageCacheControl,
  SHARED_PAGE_CACHE,
} from "./http";

const get = (cookie?: string, method = "GET") =>
  new Request("http://shop.test/product", {
    method,
    headers: cookie ? { Cookie: cookie } : {},
  });

describe("which requests are personal", () => {
  it("is the session or a toast cookie, not any cookie", () => {
    expect(isPersonalRequest(get())).toBe(false);
    expect(isPersonalRequest(get("_ga=GA1.2"))).toBe(false);
    expect(isPersonalRequest(get("sid=abc"))).toBe(true);
    expect(isPersonalRequest(get("_ga=1; toast=x"))).toBe(true);
    expect(isPersonalRequest(get("xsid=1; sidebar=2"))).toBe(false);
  });

  it("gives a public page the shared policy only when anonymous", () => {
    expect(publicPageCacheControl(get())).toBe(SHARED_PAGE_CACHE);
    expect(SHARED_PAGE_CACHE).toMatch(/s-maxage=\d+/);
    expect(SHARED_PAGE_CACHE).toMatch(/stale-while-revalidate=\d+/);
    expect(publicPageCacheControl(get("sid=abc"))).toBe(NO_STORE);
  });
});

describe("the final Cache-Control", () => {
  const shared = (extra: Record<string, string> = {}) =>
    new Headers({ "Cache-Control": SHARED_PAGE_CACHE, ...extra });

  it("keeps what a public page said for an anonymous GET answered 200", () => {
    expect(finalCacheControl(get(), 200, shared())).toBe(SHARED_PAGE_CACHE);
  });

  it("never lets a shared cache keep a Set-Cookie, a personal request, a write or an error", () => {
    expect(finalCacheControl(get(), 200, shared({ "Set-Cookie": "toast=; Max-Age=0" }))).toBe(
      NO_STORE,
    );
    expect(finalCacheControl(get("sid=1"), 200, shared())).toBe(NO_STORE);
    expect(finalCacheControl(get(undefined, "POST"), 200, shared())).toBe(NO_STORE);
    expect(finalCacheControl(get(), 404, shared())).toBe(NO_STORE);
    expect(finalCacheControl(get(), 302, shared())).toBe(NO_STORE);
  });

  it("stores nothing a route said nothing about, and keeps a private answer private", () => {
    expect(finalCacheControl(get(), 200, new Headers())).toBe(NO_STORE);
    expect(finalCacheControl(get(), 200, new Headers({ "Cache-Control": NO_STORE }))).toBe(
      NO_STORE,
    );
  });
});
