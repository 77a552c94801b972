// GET /sitemap.xml (docs/product.md §2 "Search engines"): every public page, or the index of
// the sitemap's parts once the catalogue passes 50,000 URLs.
import { sitemapResponse } from "../lib/seo-files.server";
import { servesUnavailablePage } from "../lib/unavailable.server";

export const loader = servesUnavailablePage(async () => sitemapResponse(undefined));
