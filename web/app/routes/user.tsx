import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useRouteError } from "@remix-run/react";
import { ErrorPage } from "../components/ErrorPage";
import { requireUser } from "../lib/session.server";

// The user area needs a signed-in user (docs/product.md §2). Child loaders run in parallel with this one:
// each user route calls requireUser() itself before reading anything.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

const LINKS = [
  { to: "/user/profile", label: "Profile" },
  { to: "/user/security", label: "Security" },
  { to: "/user/address", label: "Addresses" },
] as const;

export default function UserLayout() {
  return (
    <div className="container-page py-10 md:grid md:grid-cols-[12rem_1fr] md:gap-10">
      <nav aria-label="Account">
        <ul className="flex gap-2 overflow-x-auto md:flex-col">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium ${
                    isActive ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-100"
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8 min-w-0 md:mt-0">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
