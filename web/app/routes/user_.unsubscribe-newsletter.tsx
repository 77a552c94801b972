// /user/unsubscribe-newsletter?email=…&token=… (docs/spec.md §4): the link in every newsletter e-mail.
// Public on purpose (the trailing underscore keeps it out of the signed-in user layout): the
// signed token authenticates it, so it works signed out and unsubscribes nobody without it.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { unsubscribeWithToken } from "@shop/core/server/newsletter";
import { ErrorPage } from "../components/ErrorPage";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const email = (url.searchParams.get("email") ?? "").slice(0, 254);
  const headers = { "Cache-Control": NO_STORE };
  try {
    await unsubscribeWithToken(getContext(), email, url.searchParams.get("token"));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ email, error: error.message }, { status: error.status, headers });
  }
  return data({ email, error: null }, { headers });
}

export const meta: MetaFunction = () => [
  { title: `Newsletter | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function UnsubscribeNewsletter() {
  const { email, error } = useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-xl py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Newsletter</h1>
      {error ? (
        <p role="alert" className="mt-4 text-stone-700">
          {error}
        </p>
      ) : (
        <p className="mt-4 text-stone-700">
          <strong className="font-semibold text-stone-900 break-all">{email}</strong> has been
          unsubscribed from the newsletter.
        </p>
      )}
      <Link to="/product" className="mt-8 inline-block font-medium text-accent-700 underline">
        Continue shopping
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
