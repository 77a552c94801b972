// The site's server time by kind of page (./server-time.ts): the kind each route stands for, the
// route a page's path and its data request match (as Remix matches them), and the handler that
// times each invocation and hands the figure to the build's entry.
import { readdirSync } from "node:fs";
import type { ServerBuild } from "@remix-run/node";
import { PAGE_KINDS } from "@shop/core/common";
import { describe, expect, it } from "vitest";
import { pageKindOf, routeIdOf, timedHandler } from "./server-time.ts";

/** A route manifest shaped like the site's (flat, each route naming its parent). */
const route = (id: string, path: string | undefined, parentId?: string, index?: boolean) => ({
  [id]: { id, path, parentId, index, module: {} },
});
const routes = {
  ...route("root", ""),
  ...route("routes/_index", undefined, "root", true),
  ...route("routes/product._index", "product", "root", true),
  ...route("routes/product.$slug", "product/:slug", "root"),
  ...route("routes/cart._index", "cart", "root", true),
  ...route("routes/cart.checkout", "cart/checkout", "root"),
  ...route("routes/user", "user", "root"),
  ...route("routes/user.profile", "profile", "routes/user"),
  ...route("routes/admin", "admin", "root"),
  ...route("routes/admin.orders.$id", "orders/:id", "routes/admin"),
  ...route("routes/api.search", "api/search", "root"),
  ...route("routes/$", "*", "root"),
} as unknown as ServerBuild["routes"];

describe("the kind of page", () => {
  it("is one of the few kinds for each of the site's routes", () => {
    const files = readdirSync(new URL("../app/routes", import.meta.url));
    for (const file of files) {
      const id = `routes/${file.replace(/\.tsx?$/, "")}`;
      expect(PAGE_KINDS, id).toContain(pageKindOf(id));
    }
  });

  it("follows the route: the storefront's pages, the cart, the checkout, the account, the admin", () => {
    expect(pageKindOf("routes/_index")).toBe("home");
    expect(pageKindOf("routes/product._index")).toBe("catalogue");
    expect(pageKindOf("routes/product.$slug")).toBe("product");
    expect(pageKindOf("routes/cart.view-cart")).toBe("cart");
    expect(pageKindOf("routes/cart.checkout")).toBe("checkout");
    expect(pageKindOf("routes/order.confirm-order")).toBe("checkout");
    expect(pageKindOf("routes/user.profile")).toBe("account");
    expect(pageKindOf("routes/user_.unsubscribe-newsletter")).toBe("account");
    expect(pageKindOf("routes/order.returns.$rma")).toBe("account");
    expect(pageKindOf("routes/auth.sign-in")).toBe("account");
    expect(pageKindOf("routes/admin.orders.$id")).toBe("admin");
    expect(pageKindOf("routes/api.cart")).toBe("api");
    expect(pageKindOf("routes/company.privacy")).toBe("other");
    expect(pageKindOf("routes/robots[.]txt")).toBe("other");
    expect(pageKindOf("routes/$")).toBe("other");
    expect(pageKindOf(undefined)).toBe("other");
    // Not fooled by a route whose name merely begins like another's.
    expect(pageKindOf("routes/administrators")).toBe("other");
  });
});

describe("the route a request matches", () => {
  it("is the deepest route of the page's path", () => {
    expect(routeIdOf(routes, "/")).toBe("routes/_index");
    expect(routeIdOf(routes, "/product")).toBe("routes/product._index");
    expect(routeIdOf(routes, "/product/linen-shirt")).toBe("routes/product.$slug");
    expect(routeIdOf(routes, "/user/profile")).toBe("routes/user.profile");
    expect(routeIdOf(routes, "/admin/orders/o-1")).toBe("routes/admin.orders.$id");
    expect(routeIdOf(routes, "/no/such/page")).toBe("routes/$");
  });

  it("of a single-fetch data request is its page's", () => {
    expect(routeIdOf(routes, "/product/linen-shirt.data")).toBe("routes/product.$slug");
    expect(routeIdOf(routes, "/_root.data")).toBe("routes/_index");
    expect(routeIdOf(routes, "/cart/checkout.data")).toBe("routes/cart.checkout");
  });
});

describe("the timed handler", () => {
  it("hands each invocation's time and kind of page to the build's entry, answered or thrown", async () => {
    const recorded: Array<[string, number]> = [];
    const build = {
      routes,
      entry: {
        module: { recordServerTime: (kind: string, ms: number) => recorded.push([kind, ms]) },
      },
    } as unknown as ServerBuild;
    const handler = timedHandler(async (event: { rawPath: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (event.rawPath === "/admin/orders/boom") throw new Error("boom");
      return "answer";
    }, build);
    expect(await handler({ rawPath: "/product/linen-shirt" })).toBe("answer");
    await expect(handler({ rawPath: "/admin/orders/boom" })).rejects.toThrow("boom");
    expect(recorded.map(([kind]) => kind)).toEqual(["product", "admin"]);
    for (const [, ms] of recorded) expect(ms).toBeGreaterThanOrEqual(15);
  });
});
