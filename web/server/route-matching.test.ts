// The server's route matching, as patched (patches/@remix-run+router+*.patch,
// docs/decisions/023-warm-origin.md): the routes are flattened, ranked and their patterns compiled
// once, the matches of a pathname kept, and every caller still gets matches of its own.
import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The build the server runs (Node resolves the package's CommonJS main, as Remix's runtime does),
// and the ES module build that SST's bundler picks for the Lambda.
const require = createRequire(import.meta.url);
type Router = typeof import("@remix-run/router");
const builds: Record<string, Router> = {
  "CommonJS (the local server)": require("@remix-run/router") as Router,
  "ES module (the Lambda bundle)": (await import(
    "@remix-run/router/dist/router.js"
  )) as unknown as Router,
};

/** A route tree like the site's, counting every read of a route's path. */
function countedRoutes() {
  let reads = 0;
  const route = (id: string, path: string, children?: AgnosticRouteObject[]) => {
    const object = { id, children } as AgnosticRouteObject;
    Object.defineProperty(object, "path", {
      get() {
        reads++;
        return path;
      },
      enumerable: true,
    });
    return object;
  };
  const routes = [
    route("root", "", [
      route("catalogue", "product"),
      route("product", "product/:slug"),
      route("account", "user", [route("profile", "profile")]),
      route("missing", "*"),
    ]),
  ];
  return { routes, reads: () => reads };
}

describe.each(Object.entries(builds))("route matching, %s build", (_, { matchRoutes }) => {
  it("flattens and ranks a route tree once, not on every match", () => {
    const { routes, reads } = countedRoutes();
    expect(matchRoutes(routes, "/product/linen-shirt")?.at(-1)?.route.id).toBe("product");
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(0);
    expect(matchRoutes(routes, "/user/profile")?.at(-1)?.route.id).toBe("profile");
    expect(matchRoutes(routes, "/product")?.at(-1)?.route.id).toBe("catalogue");
    expect(matchRoutes(routes, "/nowhere/at/all")?.at(-1)?.params).toEqual({
      "*": "nowhere/at/all",
    });
    expect(reads()).toBe(afterFirst);
  });

  it("gives every caller its own matches: changing one changes no later match", () => {
    const { routes } = countedRoutes();
    const first = matchRoutes(routes, "/product/linen-shirt");
    if (!first) throw new Error("no match");
    (first[1] as { params: Record<string, string> }).params.slug = "changed";
    first.pop();
    const second = matchRoutes(routes, "/product/linen-shirt");
    expect(second?.map((m) => [m.route.id, m.params.slug, m.pathname])).toEqual([
      ["root", "linen-shirt", "/"],
      ["product", "linen-shirt", "/product/linen-shirt"],
    ]);
    // One params object per match list, shared by its matches, as a fresh match has.
    expect(second?.[0]?.params).toBe(second?.[1]?.params);
  });

  it("matches a pathname with a basename, and none outside it", () => {
    const { routes } = countedRoutes();
    expect(matchRoutes(routes, "/shop/product", "/shop")?.at(-1)?.route.id).toBe("catalogue");
    expect(matchRoutes(routes, "/elsewhere/product", "/shop")).toBeNull();
  });
});
