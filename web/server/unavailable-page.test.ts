// The 503 page: status, Retry-After, no caching, a strict policy of its own, and a "Try again"
// link that cannot be turned into markup.
import { RETRY_AFTER_SECONDS } from "@shop/core/server/context";
import { describe, expect, it } from "vitest";
import { BUSY_TITLE, UNAVAILABLE_TITLE, unavailableResponse } from "./unavailable-page.ts";

describe("the unavailable page", () => {
  it("is a 503 with Retry-After, never cached, under a policy that lets nothing load or run", async () => {
    const res = unavailableResponse("Threadline", "/product?page=2");
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Content-Security-Policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    const html = await res.text();
    expect(html).toContain("We&#39;ll be right back");
    expect(html).toContain('href="/product?page=2"');
    expect(html).not.toMatch(/<script/i);
    expect(UNAVAILABLE_TITLE).toBe("We'll be right back");
  });

  it("says the shop is busy when it was (the same 503, no script, no cookie)", async () => {
    const res = unavailableResponse("Threadline", "/product", true);
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const html = await res.text();
    expect(html).toContain("We&#39;re very busy right now");
    expect(html).toContain("your cart is kept in this browser");
    expect(html).not.toContain("We&#39;ll be right back");
    expect(html).not.toMatch(/<script/i);
    expect(BUSY_TITLE).toBe("We're very busy right now");
  });

  it("escapes what it is given", async () => {
    const html = await unavailableResponse("A&B", '/x"><script>alert(1)</script>').text();
    expect(html).toContain("A&#38;B");
    expect(html).not.toContain("<script>");
    expect(html).toContain('href="/x&#34;&#62;&#60;script&#62;');
  });
});
