// The smoke test's verdicts (scripts/lib/smoke.ts) on answers a shop might give: a healthy shop
// behind a cache passes; without an X-Cache header the cache check is skipped and says why; a
// missing security header, a signed-in page served from the cache, a second anonymous view that
// is never a hit, and any 5xx each fail, naming what was wrong.
import { describe, expect, it } from "vitest";
import { SECURITY_HEADERS } from "../../web/server/security-headers.ts";
import { isHit, missingSecurityHeaders, rollBackAdvice, smoke } from "./smoke.ts";

interface Shop {
  cache?: boolean;
  signedInHit?: boolean;
  neverHit?: boolean;
  dropHeader?: string;
  failing?: string;
}

/** A fetch that answers as a small shop would, behind a cache when `cache` is set. */
function fakeShop(shop: Shop): typeof fetch {
  const seen = new Set<string>();
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const cookie = new Headers(init?.headers).get("cookie") ?? "";
    const headers = new Headers(SECURITY_HEADERS);
    if (shop.dropHeader) headers.delete(shop.dropHeader);
    if (url.pathname === shop.failing) return new Response("oops", { status: 502, headers });
    if (init?.method === "POST") {
      headers.append("set-cookie", "sid=abc; Path=/; HttpOnly");
      return new Response(null, { status: 303, headers });
    }
    const page = url.pathname === "/" || url.pathname.startsWith("/product");
    if (page) headers.set("content-security-policy", "default-src 'self'; frame-ancestors 'none'");
    headers.set("cache-control", cookie ? "private, no-store" : "public, s-maxage=3600");
    if (shop.cache) {
      const key = `${url.pathname}|${cookie}`;
      const hit = (!cookie || shop.signedInHit) && !shop.neverHit && seen.has(key);
      seen.add(key);
      headers.set("x-cache", hit ? "Hit from cloudfront" : "Miss from cloudfront");
    }
    const bodies: Record<string, string> = {
      "/": '<html><a href="/product/linen-shirt">Linen shirt</a></html>',
      "/robots.txt": "User-agent: *\nSitemap: https://shop.example.com/sitemap.xml",
      "/sitemap.xml": "<sitemapindex></sitemapindex>",
    };
    const body = bodies[url.pathname] ?? (page ? "<html>a product</html>" : "");
    return new Response(body, { status: body ? 200 : 404, headers });
  }) as typeof fetch;
}

const account = { email: "smoke@example.com", password: "secret1" };
const statuses = (checks: Awaited<ReturnType<typeof smoke>>) =>
  Object.fromEntries(checks.map((c) => [c.name.replace(/ \(.*\)$/, ""), c.status]));

describe("the smoke test", () => {
  it("passes a healthy shop behind CloudFront", async () => {
    const checks = await smoke({
      url: "https://shop.example.com",
      ...account,
      fetch: fakeShop({ cache: true }),
    });
    expect(checks.filter((c) => c.status !== "pass")).toEqual([]);
    expect(checks.map((c) => c.name)).toContain("a product page answers (/product/linen-shirt)");
  });

  it("skips the cache check, saying why, when the shop answers without X-Cache (localhost)", async () => {
    const checks = await smoke({ url: "http://localhost:3000", ...account, fetch: fakeShop({}) });
    const cache = checks.find((c) => c.name.startsWith("a second anonymous view"));
    expect(cache?.status).toBe("skip");
    expect(cache?.detail).toMatch(/not behind CloudFront/);
    // Without CloudFront a signed-in view is still private, so that check still runs.
    expect(statuses(checks)["a signed-in view is never a CloudFront hit"]).toBe("pass");
    expect(checks.some((c) => c.status === "fail")).toBe(false);
  });

  it("fails a signed-in view served from the cache, and an anonymous view never kept", async () => {
    const signedIn = await smoke({
      url: "https://shop.example.com",
      ...account,
      fetch: fakeShop({ cache: true, signedInHit: true }),
    });
    expect(statuses(signedIn)["a signed-in view is never a CloudFront hit"]).toBe("fail");
    const never = await smoke({
      url: "https://shop.example.com",
      fetch: fakeShop({ cache: true, neverHit: true }),
    });
    expect(statuses(never)["a second anonymous view is a CloudFront hit"]).toBe("fail");
    expect(statuses(never)["a signed-in view is never a CloudFront hit"]).toBe("skip");
  });

  it("fails a missing security header and any 5xx, naming them", async () => {
    const headerless = await smoke({
      url: "https://shop.example.com",
      fetch: fakeShop({ cache: true, dropHeader: "X-Frame-Options" }),
    });
    expect(headerless.find((c) => c.name.startsWith("robots.txt"))?.detail).toMatch(
      /X-Frame-Options/,
    );
    const failing = await smoke({
      url: "https://shop.example.com",
      fetch: fakeShop({ cache: true, failing: "/sitemap.xml" }),
    });
    expect(failing.find((c) => c.name === "no answer is a 5xx")).toMatchObject({
      status: "fail",
      detail: "/sitemap.xml: 502",
    });
  });

  it("reads CloudFront's and the stand-in's X-Cache, and says how to roll back", () => {
    expect(["Hit from cloudfront", "RefreshHit from cloudfront", "Hit"].every(isHit)).toBe(true);
    expect(["Miss from cloudfront", "Stale", null].some(isHit)).toBe(false);
    expect(missingSecurityHeaders(new Headers(SECURITY_HEADERS), true)).toEqual([
      "Content-Security-Policy (frame-ancestors 'none')",
    ]);
    expect(rollBackAdvice("https://shop.example.com", "staging")).toMatch(
      /npm run deploy -- --stage staging/,
    );
  });
});
