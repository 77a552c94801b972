import type { LoaderFunctionArgs } from "@remix-run/node";
import { type LiveSearch, liveSearch } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { jsonResponse, publicPageCacheControl } from "../lib/http";
import { servesUnavailablePage } from "../lib/unavailable.server";

/** Live results shown under the navbar search. */
export const SEARCH_RESULTS_LIMIT = 6;

/** The answer: the normalised text, how many products it finds, the best six with their marks. */
export type SearchResults = LiveSearch;

/**
 * GET /api/search?q=shirt: the best products for the text (docs/product.md §5 "Search"), each name
 * cut into parts with the matched words marked, from the catalogue read model and its search
 * index (one table round trip when warm). Empty text → no results.
 * The same for everyone: shared-cacheable, purged when a product changes (docs/decisions/018-edge-cache.md). A plain JSON
 * Response: the navbar asks it with fetch (a resource route's `data()` loses its headers
 * under single fetch).
 */
export const loader = servesUnavailablePage(load);

async function load({ request }: LoaderFunctionArgs) {
  const text = new URL(request.url).searchParams.get("q") ?? "";
  const body: SearchResults = await liveSearch(getContext(), text, SEARCH_RESULTS_LIMIT);
  return jsonResponse(body, {
    headers: { "Cache-Control": publicPageCacheControl(request) },
  });
}
