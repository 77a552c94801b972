import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import {
  type CatalogQuery,
  familyName,
  paletteColour,
  parseCatalogQuery,
  priceBand,
  sizeName,
} from "@shop/core/catalog";
import { getContext } from "@shop/core/server/context";
import { getCatalogPageWithOffers } from "@shop/core/server/promotions";
import { CatalogFilters, catalogHref } from "../components/CatalogFilters";
import { Pagination } from "../components/Pagination";
import { ProductCard } from "../components/ProductCard";
import { SortSelect } from "../components/SortSelect";
import { publicPageCacheControl, publicPageHeaders } from "../lib/http";
import { loaderPageMeta, type PublicPage } from "../lib/meta";
import { SHOP_NAME } from "../lib/shop";

/** Cards rendered eagerly: the first row at the widest layout (4 columns). */
const EAGER_IMAGES = 4;

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  const ctx = getContext();
  // Each card with the automatic offer it shows (docs/product.md §9 "On the pages").
  const catalog = await getCatalogPageWithOffers(ctx, query);
  return data(
    {
      query,
      catalog,
      meta: loaderPageMeta(request, ctx.config.appUrl, catalogPage(query, catalog.page)),
    },
    { headers: { "Cache-Control": publicPageCacheControl(request) } },
  );
}

export const headers = publicPageHeaders;

/** Who each audience's clothes are for, in the catalogue's descriptions. */
const AUDIENCE_WORDS = { Men: "men", Women: "women", Kid: "kids", Baby: "babies" } as const;

/** The catalogue's title, description and canonical path for the query shown. */
function catalogPage(query: CatalogQuery, page: number): PublicPage {
  const parts = [
    query.search ? `“${query.search}”` : null,
    query.category ?? null,
    query.price ? `${priceBand(query.price).label} €` : null,
    query.colour
      ? paletteColour(query.colour)?.name
      : query.family
        ? familyName(query.family)
        : null,
    query.size ? `size ${sizeName(query.size)}` : null,
    query.page > 1 ? `page ${query.page}` : null,
  ].filter(Boolean);
  const audience = query.category ? AUDIENCE_WORDS[query.category] : "men, women, kids and babies";
  return {
    title:
      parts.length > 0
        ? `${parts.join(", ")} | ${SHOP_NAME}`
        : `${SHOP_NAME} | Clothing for men, women, kids and babies`,
    description: `Discover our wide selection of products at ${SHOP_NAME}: clothing for ${audience}.`,
    // The same products in another order are the same page; the page shown (a page past the
    // end shows the last one) is part of it.
    path: catalogHref({ ...query, sort: undefined, page }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: SHOP_NAME }];

export default function Catalogue() {
  const { query, catalog } = useLoaderData<typeof loader>();
  const { items, total, page, pageCount, categories } = catalog;
  const filtered = Boolean(
    query.category ||
      query.price ||
      query.search ||
      query.inStock ||
      query.onSale ||
      query.colour ||
      query.family ||
      query.size,
  );

  return (
    <div className="container-page py-10 lg:py-14">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
          Welcome to {SHOP_NAME}
        </h1>
        <p className="mt-3 text-lg text-stone-600">Discover our wide selection of products</p>
      </header>

      <div className="mt-10 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
        <aside aria-label="Filters" className="max-lg:contents">
          <CatalogFilters query={query} categories={categories} facets={catalog.facets} />
        </aside>

        <section aria-labelledby="products-heading" className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 pb-4 max-lg:mt-0">
            <div className="flex items-baseline gap-3">
              <h2 id="products-heading" className="text-lg font-semibold">
                {query.search ? `Results for “${query.search}”` : (query.category ?? "Products")}
              </h2>
              <p className="text-sm text-stone-500" aria-live="polite">
                {total} {total === 1 ? "product" : "products"}
              </p>
            </div>
            <SortSelect query={query} />
          </div>

          {items.length > 0 ? (
            <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 md:grid-cols-3 xl:grid-cols-4">
              {items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} eager={index < EAGER_IMAGES} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="py-16 text-center">
              {catalog.suggestion ? (
                <p className="mb-6 text-lg text-stone-900">
                  Did you mean{" "}
                  <Link
                    to={catalogHref({ ...query, search: catalog.suggestion, page: 1 })}
                    className="font-semibold text-accent-700 underline underline-offset-2 hover:text-accent-800"
                  >
                    “{catalog.suggestion}”
                  </Link>
                  ?
                </p>
              ) : null}
              <p className="text-lg font-medium text-stone-900">
                {query.search
                  ? `No products match “${query.search}”.`
                  : "No products match your filters."}
              </p>
              <p className="mt-2 text-stone-600">
                Try another category or price range, or search for something else.
              </p>
              {query.search && categories.length > 0 ? (
                <nav aria-label="Browse a category" className="mt-6">
                  <p className="text-sm font-medium text-stone-700">Browse a category:</p>
                  <ul className="mt-3 flex flex-wrap justify-center gap-3">
                    {categories.map((category) => (
                      <li key={category}>
                        <Link
                          to={catalogHref({ category })}
                          className="inline-block rounded-full border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100"
                        >
                          {category}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
              {filtered ? (
                <p className="mt-6">
                  <Link
                    to={catalogHref({ sort: query.sort })}
                    className="inline-block rounded-full bg-stone-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-stone-700"
                  >
                    Clear filters
                  </Link>
                </p>
              ) : null}
            </div>
          )}

          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => catalogHref({ ...query, page: target })}
          />
        </section>
      </div>
    </div>
  );
}
