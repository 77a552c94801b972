// The cart (docs/product.md §2 "Cart screens"). The cart lives in this browser's local storage, so the
// server sends the page's shell and the browser renders the lines, priced with today's products
// from /api/cart (a skeleton shows meanwhile). Without JavaScript the page shows the cart the
// `cart` cookie keeps (what product pages added without it), with "Update" and "Remove".
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { data, redirect } from "@remix-run/server-runtime";
import { CartLineChangeSchema, removeLine, setQuantity } from "@shop/core/cart";
import { getContext, shopNow } from "@shop/core/server/context";
import { automaticOffers } from "@shop/core/server/promotions";
import { useRef } from "react";
import { CartLineItem } from "../components/CartLineItem";
import { CartSkeleton, EmptyCart } from "../components/CartSkeleton";
import { CartSummary } from "../components/CartSummary";
import { ErrorPage } from "../components/ErrorPage";
import { NoScriptCart } from "../components/NoScriptCart";
import { removeItem, setItemQuantity, useCartLines, useCartReady } from "../lib/cart";
import { cartCookieHeader, cookieCartLines, cookieCartView } from "../lib/cart-cookie.server";
import { cartQuote, publicOffers } from "../lib/cart-offers";
import { useCartProducts } from "../lib/cart-products";
import { readForm, refuseForm } from "../lib/form.server";
import { parseSubmission } from "../lib/forms";
import { NO_STORE } from "../lib/http";
import { assertSameOrigin } from "../lib/security.server";
import { SHOP_NAME } from "../lib/shop";
import { pageTitle, privatePageMeta } from "../lib/title";

// A cart (the browser's, or the cookie's without JavaScript): kept by no shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": NO_STORE });

/** The cart the `cart` cookie keeps, for a browser without JavaScript (none: nothing to load). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = getContext();
  // The automatic offers, read beside the cookie's products (one round trip): the summary
  // prices the cart with them, at the server's clock, in the shop's time zone.
  const [lines, offers] = await Promise.all([
    cookieCartView(cookieCartLines(request)),
    automaticOffers(ctx),
  ]);
  return data(
    {
      cookieCart: lines,
      offers: {
        list: publicOffers(offers),
        now: shopNow(ctx).toISOString(),
        timeZone: ctx.config.timeZone,
      },
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

/** "Update" and "Remove" on the cookie's cart; a 303 back to the cart (reload sends nothing). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const submission = parseSubmission(form, CartLineChangeSchema);
  if (submission.status !== "success") return refuseForm(submission, 400);
  const { key, quantity } = submission.value;
  const lines = cookieCartLines(request);
  const changed =
    form.get("intent") === "remove"
      ? removeLine(lines, key)
      : quantity !== undefined
        ? setQuantity(lines, key, quantity)
        : null;
  if (!changed)
    return refuseForm(submission, 400, { fieldErrors: { quantity: ["Choose a quantity"] } });
  return redirect("/cart/view-cart", {
    status: 303,
    headers: { "Set-Cookie": cartCookieHeader(changed) },
  });
}

export const meta: MetaFunction = () =>
  privatePageMeta(
    pageTitle("Shopping cart"),
    `Your ${SHOP_NAME} shopping cart: the items you chose, today's prices and the order total.`,
  );

export default function ViewCart() {
  const { cookieCart, offers } = useLoaderData<typeof loader>();
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
        {cookieCart.length > 0 ? (
          <NoScriptCart lines={cookieCart} offers={offers} />
        ) : (
          <p className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-stone-900">
            Your cart is kept in this browser and needs JavaScript to be shown. Please turn on
            JavaScript to see your cart and check out.
          </p>
        )}
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
                {...cartQuote(
                  cart.lines.map((line) => ({
                    productId: line.product.id,
                    category: line.product.category,
                    ...(line.product.productType ? { productType: line.product.productType } : {}),
                    unitPriceCents: line.product.priceCents,
                    quantity: line.quantity,
                  })),
                  offers,
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
