import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import { ErrorPage } from "../components/ErrorPage";
import { requireAdmin } from "../lib/session.server";

// The admin area's guard (SPEC §6): admins only; others see the sign-in screen with a message.
// Child loaders run in parallel with this one: each admin route calls requireAdmin() itself.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Admin Panel</h1>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
