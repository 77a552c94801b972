// The site's server time by kind of page (SERVER_TIME_METRIC, core/src/common/metrics-names.ts):
// measured around the Remix build, from a request's arrival to its answer, by the server that
// runs the build (web/server.ts locally; on Lambda the handler stacks/Web.ts writes, around SST's
// wrapper, which reads the whole answer before it returns), for every request the build answers:
// documents, their data (single fetch's `.data` requests), resource routes. The kind is derived
// from the route the path matches (`routes/product.$slug` → product), never from the URL itself,
// so its values stay the few of PAGE_KINDS. The metric is written by the build's own telemetry,
// through the function its entry exports (entry.server.tsx `recordServerTime`): the server and the
// build each bundle their own copy of core, and only the build's has the adapter installed.
//
// Nothing here is imported by the build: the site's cold start parses only this small module
// more (the Lambda handler imports it), and the route matching is the router the build already
// holds, its matches kept per path (docs/decisions/023-warm-origin.md).

import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { PageKind } from "@shop/core/common";

/** The kind of page a route id stands for (the ids are the files under web/app/routes). */
export function pageKindOf(routeId: string | undefined): PageKind {
  const route = routeId?.replace(/^routes\//, "") ?? "";
  if (route === "_index") return "home";
  if (route === "product._index") return "catalogue";
  if (route === "product.$slug") return "product";
  if (route === "cart.checkout" || route === "order.confirm-order") return "checkout";
  if (route === "cart" || route.startsWith("cart.")) return "cart";
  if (/^(user|order|auth)([._]|$)/.test(route)) return "account";
  if (/^admin([._]|$)/.test(route)) return "admin";
  if (/^api\./.test(route)) return "api";
  return "other";
}

type Routes = ServerBuild["routes"];
const trees = new WeakMap<Routes, AgnosticRouteObject[]>();

/** The build's flat route manifest as the router's tree (built once per build). */
function treeOf(routes: Routes): AgnosticRouteObject[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => {
        const { id, path, index, caseSensitive } = route as NonNullable<typeof route>;
        return index
          ? { id, path, index: true, caseSensitive }
          : { id, path, caseSensitive, children: children(id) };
      });
  tree = children(undefined);
  trees.set(routes, tree);
  return tree;
}

/**
 * The id of the deepest route a request's path matches, as Remix matches it: a single-fetch data
 * request (`/product/linen-shirt.data`, `/_root.data` for the home page) is the page's.
 */
export function routeIdOf(routes: Routes, pathname: string): string | undefined {
  const path = pathname.endsWith(".data")
    ? pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/")
    : pathname;
  return matchRoutes(treeOf(routes), path)?.at(-1)?.route.id;
}

/** What the build's entry exports for the server's measure (entry.server.tsx). */
interface TimedEntry {
  recordServerTime?(kind: PageKind, milliseconds: number): void;
}

/** Records one answered request's server time through the build's entry. */
export function recordServerTime(build: ServerBuild, pathname: string, milliseconds: number) {
  const entry = build.entry.module as TimedEntry;
  entry.recordServerTime?.(pageKindOf(routeIdOf(build.routes, pathname)), milliseconds);
}

interface UrlEvent {
  rawPath?: string;
}

/**
 * A Lambda function URL handler (./lambda-handler.ts) timed: each invocation's server time,
 * whether it answered or threw, recorded by kind of page.
 */
export function timedHandler<E extends UrlEvent, R>(
  handler: (event: E, ...rest: unknown[]) => Promise<R>,
  build: ServerBuild,
) {
  return async (event: E, ...rest: unknown[]) => {
    const started = performance.now();
    try {
      return await handler(event, ...rest);
    } finally {
      recordServerTime(build, event.rawPath ?? "/", performance.now() - started);
    }
  };
}
