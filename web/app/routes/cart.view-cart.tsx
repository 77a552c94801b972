// The cart (docs/product.md §2 "Cart screens"). The cart lives in this browser's local storage, so the
// server sends the page's shell and the browser renders the lines, priced with today's products
// from /api/cart (a skeleton shows meanwhile). Without JavaScript the page says so.
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { quote } from "@shop/core/pricing";
import { useRef } from "react";
import { CartLineItem } from "../components/CartLineItem";
import { CartSkeleton, EmptyCart } from "../components/CartSkeleton";
import { CartSummary } from "../components/CartSummary";
import { ErrorPage } from "../components/ErrorPage";
import { removeItem, setItemQuantity, useCartLines, useCartReady } from "../lib/cart";
import { useCartProducts } from "../lib/cart-products";
import { NO_STORE } from "../lib/http";
import { SHOP_NAME } from "../lib/shop";
import { pageTitle, privatePageMeta } from "../lib/title";

// The same shell for everyone: what is in the cart never reaches the server's HTML.
// The same for everyone (the lines live in the browser), yet a cart: kept by no shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": NO_STORE });

export const meta: MetaFunction = () =>
  privatePageMeta(
    pageTitle("Shopping cart"),
    `Your ${SHOP_NAME} shopping cart: the items you chose, today's prices and the order total.`,
  );

export default function ViewCart() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ready = useCartReady();
  const lines = useCartLines();
  const cart = useCartProducts(lines);

  const remove = (key: string) => {
    removeItem(key);
    // The removed line held the focus: keep it on the page.
    headingRef.current?.focus();
  };

  return (
    <div className="container-page py-10 lg:py-14">
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-3xl font-semibold tracking-tight focus:outline-none sm:text-4xl"
      >
        Shopping cart
      </h1>

      <noscript>
        <p className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-stone-900">
          Your cart is kept in this browser and needs JavaScript to be shown. Please turn on
          JavaScript to see your cart and check out.
        </p>
        <style>{".cart-js-only{display:none}"}</style>
      </noscript>

      {cart.status === "ready" && cart.removedCount > 0 ? (
        <p
          role="status"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-stone-900"
        >
          {cart.removedCount === 1
            ? "1 item was removed from your cart because it is no longer available."
            : `${cart.removedCount} items were removed from your cart because they are no longer available.`}
        </p>
      ) : null}

      <div className="cart-js-only mt-8 lg:mt-12">
        {!ready || (lines.length > 0 && cart.status === "loading") ? (
          <CartSkeleton />
        ) : lines.length === 0 || (cart.status === "ready" && cart.lines.length === 0) ? (
          <EmptyCart />
        ) : cart.status === "error" ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4">
            <p className="font-medium text-stone-900">
              We couldn't load the current prices of your cart.
            </p>
            <button
              type="button"
              onClick={cart.retry}
              className="mt-3 h-10 rounded-md bg-white px-4 text-sm font-medium text-stone-900 ring-1 ring-stone-300 hover:bg-stone-50"
            >
              Try again
            </button>
          </div>
        ) : cart.status === "ready" ? (
          <div className="lg:grid lg:grid-cols-12 lg:items-start lg:gap-x-12">
            <section aria-labelledby="cart-lines-heading" className="lg:col-span-7">
              <h2 id="cart-lines-heading" className="sr-only">
                Items in your shopping cart
              </h2>
              <ul className="divide-y divide-stone-200 border-y border-stone-200">
                {cart.lines.map((line) => (
                  <CartLineItem
                    key={line.key}
                    line={line}
                    onQuantityChange={setItemQuantity}
                    onRemove={remove}
                  />
                ))}
              </ul>
            </section>
            <div className="mt-10 lg:col-span-5 lg:mt-0">
              <CartSummary
                breakdown={quote(
                  cart.lines.map((line) => ({
                    unitPriceCents: line.product.priceCents,
                    quantity: line.quantity,
                  })),
                  "STANDARD",
                )}
              />
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
