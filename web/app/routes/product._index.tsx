import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  type CatalogQuery,
  catalogQueryToSearchParams,
  parseCatalogQuery,
} from "@shop/core/catalog";
import { getCatalogPage } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import type { ReactNode } from "react";
import { Pagination } from "../components/Pagination";
import { ProductCard } from "../components/ProductCard";
import { NO_STORE, publicPageCacheControl } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";

/** Cards rendered eagerly: the first row at the widest layout (4 columns). */
const EAGER_IMAGES = 4;

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  const catalog = await getCatalogPage(getContext(), query);
  return data(
    { query, catalog },
    { headers: { "Cache-Control": publicPageCacheControl(request) } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE,
  Vary: "Cookie",
});

export const meta: MetaFunction = () => [
  { title: `${SHOP_NAME} | Clothing for men, women, kids and babies` },
  {
    name: "description",
    content: `Discover our wide selection of products at ${SHOP_NAME}: clothing for men, women, kids and babies.`,
  },
];

/** A link to the catalogue with this query (other parameters kept). */
function catalogHref(query: Partial<CatalogQuery>): string {
  const search = catalogQueryToSearchParams(query).toString();
  return search ? `/product?${search}` : "/product";
}

export default function Catalogue() {
  const { query, catalog } = useLoaderData<typeof loader>();
  const { items, total, page, pageCount } = catalog;

  return (
    <div className="container-page py-10 lg:py-14">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
          Welcome to {SHOP_NAME}
        </h1>
        <p className="mt-3 text-lg text-stone-600">Discover our wide selection of products</p>
      </header>

      <CatalogLayout>
        <section aria-labelledby="products-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-200 pb-4">
            <h2 id="products-heading" className="text-lg font-semibold">
              {query.search ? `Results for “${query.search}”` : "Products"}
            </h2>
            <p className="text-sm text-stone-500" aria-live="polite">
              {total} {total === 1 ? "product" : "products"}
            </p>
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
              <p className="text-stone-600">No products match your search.</p>
              <p className="mt-4">
                <a href="/product" className="font-medium text-accent-700 underline">
                  Show all products
                </a>
              </p>
            </div>
          )}

          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => catalogHref({ ...query, page: target })}
          />
        </section>
      </CatalogLayout>
    </div>
  );
}

/**
 * The catalogue's two columns: a filter sidebar (from 1023 px; a slide-over below it) and the
 * grid. The filter sidebar arrives with the storefront issue: pass it as `sidebar`.
 */
function CatalogLayout({ sidebar, children }: { sidebar?: ReactNode; children: ReactNode }) {
  if (!sidebar) return <div className="mt-10">{children}</div>;
  return (
    <div className="mt-10 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
      <aside aria-label="Filters">{sidebar}</aside>
      <div>{children}</div>
    </div>
  );
}
