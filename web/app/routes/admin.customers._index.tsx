// Admin · Customers (/admin/customers, docs/product.md §10 "Customers"): every account newest
// first, 20 a page (the cursor is in the URL), searched by name or e-mail. core reads the list
// from its index (core/src/customers/list.server.ts, never a Scan); everything is in the query
// string, so the GET form works without JavaScript and every view can be bookmarked. Deleted
// accounts are not here: their orders stay, anonymised, under Orders.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { CUSTOMER_SEARCH_MAX_LENGTH, CustomerSearchSchema } from "@shop/core/customers";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { listCustomers } from "@shop/core/server/customers";
import { AdminSearchForm } from "../components/admin/AdminSearchForm";
import { type Column, DataTable, rowLinkClass } from "../components/DataTable";
import { orderDate } from "../components/OrderDetails";
import { adminLoader } from "../lib/admin.server";
import { parseSubmission } from "../lib/forms";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  const params = new URL(request.url).searchParams;
  const typed = (params.get("q") ?? "").slice(0, 300);
  const cursor = params.get("cursor") || undefined;
  const headers = { "Cache-Control": NO_STORE };
  const refuse = (message: string) =>
    data(
      { q: typed, customers: [], next: null, paged: false, error: message },
      { status: 400, headers },
    );
  const search = parseSubmission(new URLSearchParams({ q: typed }), CustomerSearchSchema);
  if (search.status !== "success") return refuse(search.error?.q?.[0] ?? "Invalid search");
  const q = search.value.q ?? "";
  try {
    const page = await listCustomers(getContext(), { q, cursor });
    const customers = page.customers.map(
      (c): CustomerRow => ({
        id: c.id,
        name: `${c.firstName} ${c.lastName}`.trim(),
        email: c.email,
        signedUp: orderDate(c.createdAt),
        isAdmin: c.isAdmin,
      }),
    );
    return data(
      { q, customers, next: page.cursor ?? null, paged: Boolean(cursor), error: null },
      { headers },
    );
  } catch (error) {
    // A tampered cursor: say so on the form, list nothing.
    if (!isDomainError(error)) throw error;
    return refuse(error.message);
  }
}

interface CustomerRow {
  id: string;
  name: string;
  email: string;
  signedUp: string;
  isAdmin: boolean;
}

export const meta: MetaFunction = () => [{ title: `Customers | Admin | ${SHOP_NAME}` }];

const listUrl = (q: string, cursor?: string) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `/admin/customers?${query}` : "/admin/customers";
};

const columns: Column<CustomerRow>[] = [
  {
    header: "Name",
    className: "font-medium text-stone-900 md:py-3 md:pr-4",
    cell: (c) => (
      <>
        <Link to={`/admin/customers/${encodeURIComponent(c.id)}`} className={rowLinkClass}>
          {c.name || c.email}
        </Link>
        {c.isAdmin ? (
          <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
            Admin
          </span>
        ) : null}
      </>
    ),
  },
  {
    header: "E-mail",
    className: "col-span-2 min-w-0 break-all text-stone-700 md:py-3 md:pr-4 md:break-normal",
    cell: (c) => c.email,
  },
  {
    header: "Signed up",
    headerClassName: "py-3 font-medium",
    className: "row-start-1 text-right text-stone-600 md:py-3 md:text-left",
    cell: (c) => (
      <>
        <span className="sr-only md:hidden">Signed up </span>
        {c.signedUp}
      </>
    ),
  },
];

export default function AdminCustomers() {
  const { q, customers, next, paged, error } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="customers-title">
      <h2 id="customers-title" className="text-xl font-semibold">
        Customers
      </h2>
      <AdminSearchForm
        list="Customers"
        path="/admin/customers"
        label="Search customers"
        value={q}
        placeholder="Name or e-mail"
        maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
        error={error}
        filtered={Boolean(q)}
      />

      {customers.length === 0 ? (
        <p className="mt-6 text-stone-600" data-testid="admin-customers-empty">
          {error ? "No customers to show." : q ? "No customers match." : "No customers yet."}
        </p>
      ) : (
        <DataTable
          rows={customers}
          columns={columns}
          rowKey={(c) => c.id}
          caption={
            q ? "Customers matching the search, newest first" : "All customers, newest first"
          }
          stacks="md"
          rowClassName="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-4 md:table-row md:py-0"
          rowTestId="admin-customer-row"
        />
      )}

      {paged || next ? (
        <nav aria-label="Customer pages" className="mt-6 flex flex-wrap gap-4 text-sm font-medium">
          {paged ? (
            <Link to={listUrl(q)} className="text-stone-700 underline">
              Newest customers
            </Link>
          ) : null}
          {next ? (
            <Link to={listUrl(q, next)} className="text-stone-700 underline">
              Older customers
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../components/ErrorPage";
