// GET /robots.txt (docs/product.md §2 "Search engines"): what crawlers may visit, and the sitemap.
import { robotsResponse } from "../lib/seo-files.server";

export function loader() {
  return robotsResponse();
}
