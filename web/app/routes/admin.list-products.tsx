import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { adminProductsHref, parseAdminProductQuery } from "@shop/core/catalog";
import { isDomainError } from "@shop/core/server/accounts";
import {
  deleteProduct,
  deleteProductImages,
  getCatalogPage,
  PRODUCT_ID_PATTERN,
} from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { AdminErrorBanner } from "../components/admin/AdminErrorBanner";
import { ProductFilters } from "../components/admin/ProductFilters";
import { ProductTable } from "../components/admin/ProductTable";
import { ErrorPage } from "../components/ErrorPage";
import { Pagination } from "../components/Pagination";
import { adminFormAction, adminLoader, adminSuccess } from "../lib/admin.server";
import { NO_STORE, noStoreHeaders } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";
import { useActionAnswer } from "../lib/unavailable";

// The admin's product list: search by name, audience filter and paging, all in the URL (plain
// GET forms and links, so it works without JavaScript), read from the catalogue read model.

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  const query = parseAdminProductQuery(new URL(request.url).searchParams);
  const page = await getCatalogPage(getContext(), query);
  return data(
    {
      query,
      items: page.items,
      total: page.total,
      page: page.page,
      pageCount: page.pageCount,
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export const action = adminFormAction(submit);

async function submit(form: FormData) {
  const id = form.get("id");
  // Back to the list as it was (only ever the list: never a URL from the form as such).
  const back = adminProductsHref(
    parseAdminProductQuery(new URLSearchParams(String(form.get("returnQuery") ?? ""))),
  );
  if (form.get("intent") !== "delete") {
    return data({ error: "Unknown action" }, { status: 400 });
  }
  if (typeof id !== "string" || !PRODUCT_ID_PATTERN.test(id)) {
    return data({ error: "Unknown product" }, { status: 400 });
  }
  const ctx = getContext();
  try {
    const { product, imageKeys } = await deleteProduct(ctx, id);
    await deleteProductImages(ctx, imageKeys);
    return adminSuccess(back, `Product “${product.name}” deleted successfully`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export const headers = noStoreHeaders;

export const meta: MetaFunction = () => [{ title: `Products | Admin | ${SHOP_NAME}` }];

export default function ListProducts() {
  const { query, items, total, page, pageCount } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const returnQuery = adminProductsHref({ ...query, page }).split("?")[1] ?? "";

  return (
    <section aria-labelledby="products-title">
      <AdminErrorBanner message={answer?.error} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-baseline gap-3">
          <h2 id="products-title" className="text-xl font-semibold">
            Products
          </h2>
          <p className="text-sm text-stone-500" aria-live="polite">
            {total} {total === 1 ? "product" : "products"}
          </p>
        </div>
        <Link
          to="/admin/products/new"
          className="inline-flex items-center justify-center rounded-full bg-stone-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
        >
          New product
        </Link>
      </div>

      <ProductFilters query={query} />

      {items.length === 0 ? (
        <p className="mt-8 text-stone-600">
          No products match.{" "}
          {query.search || query.category ? (
            <Link to="/admin/list-products" className="font-medium underline">
              Show all products
            </Link>
          ) : null}
        </p>
      ) : (
        <ProductTable items={items} returnQuery={returnQuery} />
      )}

      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => adminProductsHref({ ...query, page: n })}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
