// The answers of /robots.txt and /sitemap.xml (docs/product.md §2 "Search engines"), built by
// core from the catalogue read model; the web app adds the pages only it knows (its static
// pages) and the shop's public origin (APP_URL).
import { robotsTxt, type SitemapDocument, sitemapDocument, sitemapXml } from "@shop/core/catalog";
import { sitemapUrls } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { SHARED_PAGE_CACHE } from "./http";
import { COMPANY_LINKS, CUSTOMER_SERVICE_LINKS } from "./shop";

/** Every static page of the shop (the company and customer-service sections). */
export const STATIC_PAGE_PATHS: readonly string[] = [
  ...COMPANY_LINKS,
  ...CUSTOMER_SERVICE_LINKS,
].map((link) => link.to);

/**
 * Both files are the same whoever asks, and name nobody: shared-cacheable (decision 018) even for
 * a signed-in visitor. The sitemap is purged with the catalogue when products change; robots.txt
 * changes only with a deploy, which invalidates the whole distribution.
 */
const ROBOTS_CACHE = SHARED_PAGE_CACHE;
const SITEMAP_CACHE = SHARED_PAGE_CACHE;

export function robotsResponse(): Response {
  return new Response(robotsTxt(getContext().config.appUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": ROBOTS_CACHE },
  });
}

/** `/sitemap.xml` (part undefined) or `/sitemap/{part}.xml`; 404 for a part that does not exist. */
export async function sitemapResponse(part: number | undefined): Promise<Response> {
  const ctx = getContext();
  const document: SitemapDocument | undefined = sitemapDocument(
    await sitemapUrls(ctx, STATIC_PAGE_PATHS),
    part,
  );
  if (!document) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": SITEMAP_CACHE },
    });
  }
  return new Response(sitemapXml(ctx.config.appUrl, document), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE },
  });
}
