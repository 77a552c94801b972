import { describe, expect, it } from "vitest";
import { adminProductsHref, parseAdminProductQuery } from "./admin-query.ts";

describe("the admin product list's query", () => {
  it("reads search, audience and page from the URL, ignoring price and sort", () => {
    const query = parseAdminProductQuery(
      new URLSearchParams("search=%20Linen%20&category=WOMEN&page=3&price=under-25&sort=rating"),
    );
    expect(query).toEqual({ search: "linen", category: "Women", page: 3 });
  });

  it("ignores what it does not know", () => {
    expect(parseAdminProductQuery(new URLSearchParams("category=pets&page=-2&search="))).toEqual({
      page: 1,
    });
  });

  it("builds links that read back the same", () => {
    const href = adminProductsHref({ search: "a&b", category: "Kid", page: 2 });
    expect(href).toBe("/admin/list-products?search=a%26b&category=kid&page=2");
    const back = parseAdminProductQuery(new URL(href, "http://shop.test").searchParams);
    expect(back).toEqual({ search: "a&b", category: "Kid", page: 2 });
    expect(adminProductsHref({ page: 1 })).toBe("/admin/list-products");
  });
});
