// /robots.txt (seo-files.server.ts): the same for everyone, so a shared cache keeps it; it names
// the sitemap on the shop's public origin and every static page is one the sitemap lists.
import { describe, expect, it } from "vitest";
import { SHARED_PAGE_CACHE } from "./http.ts";
import { robotsResponse, STATIC_PAGE_PATHS } from "./seo-files.server.ts";

describe("robots.txt", () => {
  it("is plain text a shared cache keeps, pointing at the sitemap", async () => {
    const response = robotsResponse();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(SHARED_PAGE_CACHE);
    expect(await response.text()).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  });

  it("lists the company and customer-service pages as the sitemap's static pages", () => {
    expect(STATIC_PAGE_PATHS).toContain("/company/who-we-are");
    expect(STATIC_PAGE_PATHS).toContain("/customer-service/contact");
    expect(new Set(STATIC_PAGE_PATHS).size).toBe(STATIC_PAGE_PATHS.length);
  });
});
