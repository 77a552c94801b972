// The admin's product list (/admin/list-products?search=shirt&category=men&page=2): search by
// name, audience filter and paging, all in the URL. It is the catalogue query without price
// bands or sorts (newest first), so it runs over the same read model.
import { type Category, categorySlug } from "./categories.ts";
import { type CatalogQuery, parseCatalogQuery } from "./query.ts";

export type AdminProductQuery = Pick<CatalogQuery, "search" | "category" | "page">;

export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const { search, category, page } = parseCatalogQuery(params);
  return {
    page,
    ...(search ? { search } : {}),
    ...(category ? { category } : {}),
  };
}

/** The list's URL for this query (defaults left out). */
export function adminProductsHref(query: {
  search?: string;
  category?: Category;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.category) params.set("category", categorySlug(query.category));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `/admin/list-products?${text}` : "/admin/list-products";
}
