// Admin · Customers (/admin/customers, docs/product.md §10 "Customers"): every account newest
// first, 20 a page (the cursor is in the URL), searched by name or e-mail. core reads the list
// from its index (core/src/customers/list.server.ts, never a Scan); everything is in the query
// string, so the GET form works without JavaScript and every view can be bookmarked. Deleted
// accounts are not here: their orders stay, anonymised, under Orders.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { CUSTOMER_SEARCH_MAX_LENGTH, CustomerSearchSchema } from "@shop/core/customers";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { listCustomers } from "@shop/core/server/customers";
import { ErrorPage } from "../components/ErrorPage";
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
    const customers = page.customers.map((c) => ({
      id: c.id,
      name: `${c.firstName} ${c.lastName}`.trim(),
      email: c.email,
      signedUp: orderDate(c.createdAt),
      isAdmin: c.isAdmin,
    }));
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

export const meta: MetaFunction = () => [{ title: `Customers | Admin | ${SHOP_NAME}` }];

const listUrl = (q: string, cursor?: string) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `/admin/customers?${query}` : "/admin/customers";
};

const field =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20 aria-[invalid=true]:border-red-600";
const th = "py-3 pr-4 font-medium";

export default function AdminCustomers() {
  const { q, customers, next, paged, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching =
    navigation.state === "loading" && navigation.location.pathname === "/admin/customers";
  return (
    <section aria-labelledby="customers-title">
      <h2 id="customers-title" className="text-xl font-semibold">
        Customers
      </h2>
      <Form
        method="get"
        role="search"
        aria-label="Customers"
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <div>
          <label htmlFor="customers-q" className="block text-sm font-medium text-stone-800">
            Search customers
          </label>
          <input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Name or e-mail"
            autoComplete="off"
            maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "customers-q-error" : undefined}
            className={field}
          />
          {error ? (
            <p id="customers-q-error" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex gap-3">
          <button
            type="submit"
            className="rounded-md bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
          >
            {searching ? "Searching…" : "Search"}
          </button>
          {q ? (
            <Link
              to="/admin/customers"
              className="self-center text-sm font-medium text-stone-700 underline"
            >
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {customers.length === 0 ? (
        <p className="mt-6 text-stone-600" data-testid="admin-customers-empty">
          {error ? "No customers to show." : q ? "No customers match." : "No customers yet."}
        </p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">
            {q ? "Customers matching the search, newest first" : "All customers, newest first"}
          </caption>
          <thead className="hidden border-b border-stone-200 text-stone-600 md:table-header-group">
            <tr>
              <th scope="col" className={th}>
                Name
              </th>
              <th scope="col" className={th}>
                E-mail
              </th>
              <th scope="col" className="py-3 font-medium">
                Signed up
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {customers.map((c) => (
              <tr
                key={c.id}
                data-testid="admin-customer-row"
                className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-4 md:table-row md:py-0"
              >
                <td className="font-medium text-stone-900 md:py-3 md:pr-4">
                  <Link
                    to={`/admin/customers/${encodeURIComponent(c.id)}`}
                    className="underline decoration-stone-400 underline-offset-2 hover:decoration-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900"
                  >
                    {c.name || c.email}
                  </Link>
                  {c.isAdmin ? (
                    <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
                      Admin
                    </span>
                  ) : null}
                </td>
                <td className="col-span-2 min-w-0 break-all text-stone-700 md:py-3 md:pr-4 md:break-normal">
                  {c.email}
                </td>
                <td className="row-start-1 text-right text-stone-600 md:py-3 md:text-left">
                  <span className="sr-only md:hidden">Signed up </span>
                  {c.signedUp}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
