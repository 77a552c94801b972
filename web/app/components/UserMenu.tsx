import { Form, Link } from "@remix-run/react";
import type { SessionUser } from "../lib/session-user";

const linkClass =
  "rounded-md px-2 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900";

/** Account links: sign in / create account when signed out, the user's links when signed in. */
export function UserMenu({ user }: { user: SessionUser | null }) {
  if (!user) {
    return (
      <ul className="flex flex-col gap-2 lg:flex-row lg:items-center">
        <li>
          <Link to="/auth/sign-in" className={`block ${linkClass}`}>
            Sign in
          </Link>
        </li>
        <li>
          <Link
            to="/auth/sign-up"
            className="block rounded-full bg-stone-900 px-4 py-2 text-center text-sm font-medium text-white hover:bg-stone-700"
          >
            Create account
          </Link>
        </li>
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-1 lg:flex-row lg:items-center lg:gap-2">
      <p className="px-2 text-sm font-semibold text-stone-900">
        {user.firstName} {user.lastName}
      </p>
      <ul className="flex flex-col gap-1 lg:flex-row lg:items-center">
        <li>
          <Link to="/user/profile" className={`block ${linkClass}`}>
            My profile
          </Link>
        </li>
        <li>
          <Link to="/order/order-history" className={`block ${linkClass}`}>
            Order History
          </Link>
        </li>
        {user.isAdmin ? (
          <li>
            <Link to="/admin" className={`block ${linkClass}`}>
              Admin Panel
            </Link>
          </li>
        ) : null}
        <li>
          <Form method="post" action="/auth/logout">
            <button type="submit" className={`block w-full text-left ${linkClass}`}>
              Logout
            </button>
          </Form>
        </li>
      </ul>
    </div>
  );
}
