import { describe, expect, it } from "vitest";
import { absoluteUrl, isPrivatePath, robotsTxt } from "./robots.ts";

describe("robotsTxt", () => {
  it("lets every crawler into the storefront, keeps the private areas out, names the sitemap", () => {
    expect(robotsTxt("https://shop.example.com")).toBe(
      [
        "User-agent: *",
        "Allow: /auth/sign-in",
        "Allow: /auth/sign-up",
        "Disallow: /admin",
        "Disallow: /api/",
        "Disallow: /auth/",
        "Disallow: /cart",
        "Disallow: /order",
        "Disallow: /user",
        "",
        "Sitemap: https://shop.example.com/sitemap.xml",
        "",
      ].join("\n"),
    );
  });

  it("names the sitemap on the shop's origin, with or without a trailing slash", () => {
    expect(robotsTxt("http://localhost:3000/")).toContain(
      "\nSitemap: http://localhost:3000/sitemap.xml\n",
    );
  });
});

describe("isPrivatePath", () => {
  it.each([
    "/product",
    "/product/linen-shirt",
    "/company/who-we-are",
    "/customer-service/contact",
    "/auth/sign-in",
    "/auth/sign-up",
    "/sitemap.xml",
    "/",
  ])("%s is public", (path) => {
    expect(isPrivatePath(path)).toBe(false);
  });

  it.each([
    "/cart",
    "/cart/view-cart",
    "/cart/checkout",
    "/user/profile",
    "/user/unsubscribe-newsletter",
    "/order/order-history",
    "/order/confirm-order",
    "/order/invoice/abc",
    "/admin",
    "/admin/list-products",
    "/auth/reset-password",
    "/auth/confirm-email",
    "/auth/logout",
    "/api/cart",
  ])("%s is private", (path) => {
    expect(isPrivatePath(path)).toBe(true);
  });
});

describe("absoluteUrl", () => {
  it("joins an origin and a path with one slash", () => {
    expect(absoluteUrl("https://a.example", "/x")).toBe("https://a.example/x");
    expect(absoluteUrl("https://a.example/", "x")).toBe("https://a.example/x");
  });
});
