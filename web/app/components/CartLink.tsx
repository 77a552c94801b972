import { Link } from "@remix-run/react";
import { useCartCount } from "../lib/cart";
import { BagIcon } from "./icons";

/** The navbar cart icon with its item count badge. */
export function CartLink() {
  const count = useCartCount();
  const label = `Cart, ${count} ${count === 1 ? "item" : "items"}`;
  return (
    <Link
      to="/cart/view-cart"
      aria-label={label}
      className="relative grid size-10 place-items-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-900"
    >
      <BagIcon className="size-6" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-accent-600 px-1 text-xs leading-none font-semibold text-white tabular-nums"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
