import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import { ErrorPage } from "../components/ErrorPage";
import { requireUser } from "../lib/session.server";

// The order area needs a signed-in user (docs/product.md §2). Child loaders run in parallel with this
// one: each order route calls requireUser() itself before reading anything.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function OrderLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
