import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useRouteError } from "@remix-run/react";
import { ErrorPage } from "../components/ErrorPage";
import { adminLoader } from "../lib/admin.server";

// The admin area's guard (docs/product.md §6): admins only; others see the sign-in screen with a message.
// Child loaders run in parallel with this one: each admin route checks the role itself
// (adminLoader / adminAction in lib/admin.server.ts).
export async function loader({ request }: LoaderFunctionArgs) {
  await adminLoader(request);
  return null;
}

const SECTIONS = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/list-products", label: "Products" },
  { to: "/admin/stock", label: "Low stock" },
  { to: "/admin/promotions", label: "Promotions" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/size-guides", label: "Size guides" },
] as const;

export default function AdminLayout() {
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-stone-200 pb-4">
        <h1 className="text-2xl font-semibold tracking-tight">Admin Panel</h1>
        <nav aria-label="Admin" className="-mb-4 w-full overflow-x-auto sm:w-auto">
          <ul className="flex gap-1">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.to === "/admin"}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium ${
                      isActive
                        ? "border-stone-900 text-stone-900"
                        : "border-transparent text-stone-600 hover:text-stone-900"
                    }`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
