// Admin · Returns (/admin/returns): every return newest first, 20 a page, filtered by state (a GET
// form: works without JavaScript, every view can be bookmarked).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { RETURN_STATE_LABELS, RETURN_STATES } from "@shop/core/returns";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { listAllReturns } from "@shop/core/server/returns";
import { ErrorPage } from "../components/ErrorPage";
import { type ReturnRow, ReturnsList } from "../components/ReturnsList";
import { adminLoader } from "../lib/admin.server";
import { NO_STORE } from "../lib/http";
import { returnRow } from "../lib/returns";
import { SHOP_NAME } from "../lib/shop";

export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  const params = new URL(request.url).searchParams;
  const state = params.get("state") ?? "";
  const cursor = params.get("cursor") || undefined;
  const headers = { "Cache-Control": NO_STORE };
  try {
    const page = await listAllReturns(getContext(), { state, cursor, limit: 20 });
    return data(
      { state, returns: page.returns.map(returnRow), next: page.cursor ?? null, error: null },
      { headers },
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { state: "", returns: [] as ReturnRow[], next: null, error: error.message },
      { status: 400, headers },
    );
  }
}

export const meta: MetaFunction = () => [{ title: `Returns | Admin | ${SHOP_NAME}` }];

const field =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900";

export default function AdminReturns() {
  const { state, returns, next, error } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="returns-title">
      <h2 id="returns-title" className="text-xl font-semibold">
        Returns
      </h2>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="returns-state" className="block text-sm font-medium text-stone-800">
            State
          </label>
          <select
            id="returns-state"
            name="state"
            defaultValue={state}
            className={field}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "returns-state-error" : undefined}
          >
            <option value="">All states</option>
            {RETURN_STATES.map((s) => (
              <option key={s} value={s}>
                {RETURN_STATE_LABELS[s]}
              </option>
            ))}
          </select>
          {error ? (
            <p id="returns-state-error" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="rounded-md bg-stone-900 px-4 py-2 text-sm font-semibold text-white"
        >
          Filter
        </button>
      </Form>
      {returns.length === 0 ? (
        <p className="mt-6 text-stone-600">No returns.</p>
      ) : (
        <ReturnsList
          returns={returns}
          caption="Returns, newest first"
          linkTo={(rma) => `/admin/returns/${rma}`}
        />
      )}
      {next ? (
        <Link
          to={`?${new URLSearchParams({ ...(state ? { state } : {}), cursor: next })}`}
          className="mt-6 inline-block text-sm font-medium underline"
        >
          Older returns
        </Link>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
