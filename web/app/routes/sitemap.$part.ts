// GET /sitemap/{n}.xml (docs/product.md §2 "Search engines"): part n of a sitemap split past
// 50,000 URLs; 404 for any other name, or while the sitemap is one file.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSitemapPart } from "@shop/core/catalog";
import { sitemapResponse } from "../lib/seo-files.server";
import { servesUnavailablePage } from "../lib/unavailable.server";

export const loader = servesUnavailablePage(async ({ params }: LoaderFunctionArgs) => {
  const part = parseSitemapPart(params.part);
  if (part === undefined) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return sitemapResponse(part);
});
