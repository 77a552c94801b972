import type { LoaderFunctionArgs } from "@remix-run/node";
import { normalizeSearch, type ProductSummary } from "@shop/core/catalog";
import { getCatalogPage } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { jsonResponse, publicPageCacheControl } from "../lib/http";
import { servesUnavailablePage } from "../lib/unavailable.server";

/** Live results shown under the navbar search. */
export const SEARCH_RESULTS_LIMIT = 8;

export interface SearchResults {
  search: string;
  /** All matches (the results list shows the first few). */
  total: number;
  items: ProductSummary[];
}

/**
 * GET /api/search?q=shirt: products whose name contains the text, case-insensitively (docs/product.md §5),
 * from the catalogue read model (one table round trip when warm). Empty text → no results.
 * The same for everyone: shared-cacheable, purged when a product changes (docs/decisions/018-edge-cache.md). A plain JSON
 * Response: the navbar asks it with fetch (a resource route's `data()` loses its headers
 * under single fetch).
 */
export const loader = servesUnavailablePage(load);

async function load({ request }: LoaderFunctionArgs) {
  const search = normalizeSearch(new URL(request.url).searchParams.get("q")) ?? "";
  const body: SearchResults = { search, total: 0, items: [] };
  if (search !== "") {
    const page = await getCatalogPage(getContext(), { search, page: 1 });
    body.total = page.total;
    body.items = page.items.slice(0, SEARCH_RESULTS_LIMIT);
  }
  return jsonResponse(body, {
    headers: { "Cache-Control": publicPageCacheControl(request) },
  });
}
