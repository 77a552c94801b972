import { QUANTITY_CHOICES } from "@shop/core/cart";
import type { CookieCartLine } from "../lib/cart-cookie.server";
import { type CartOffers, cartQuote } from "../lib/cart-offers";
import { CartSummary } from "./CartSummary";
import { SalePrice } from "./Price";

/**
 * The cart shown without JavaScript (docs/product.md §2 "Cart screens"): the lines product
 * pages added by a plain POST, with today's names and prices, a quantity and "Update" and
 * "Remove" per line (plain POSTs too), and the order summary. Paying by card needs JavaScript:
 * the summary says so in place of the Checkout link.
 */
export function NoScriptCart({
  lines,
  offers,
}: {
  lines: readonly CookieCartLine[];
  offers: CartOffers;
}) {
  const summary = cartQuote(lines, offers);
  return (
    <div className="mt-8 lg:mt-12 lg:grid lg:grid-cols-12 lg:items-start lg:gap-x-12">
      <section aria-labelledby="no-script-lines" className="lg:col-span-7">
        <h2 id="no-script-lines" className="sr-only">
          Items in your shopping cart
        </h2>
        <ul className="divide-y divide-stone-200 border-y border-stone-200">
          {lines.map((line) => {
            const { variant } = line;
            return (
              <li key={line.key} className="py-6" data-testid="cart-line">
                <div className="flex flex-wrap justify-between gap-2">
                  <div>
                    <a href={line.href} className="font-medium text-stone-900 hover:underline">
                      {line.name}
                    </a>
                    <p className="mt-1 text-sm text-stone-600">
                      {line.colour ? `Colour: ${line.colour} · ` : ""}Size: {line.size}
                    </p>
                  </div>
                  <SalePrice
                    cents={line.unitPriceCents * line.quantity}
                    compareAtCents={
                      line.compareAtCents ? line.compareAtCents * line.quantity : undefined
                    }
                    className="font-medium text-stone-900"
                  />
                </div>
                <form method="post" className="mt-3 flex flex-wrap items-end gap-3">
                  <input type="hidden" name="key" value={line.key} />
                  <label className="text-sm text-stone-700">
                    Quantity
                    <select
                      name="quantity"
                      defaultValue={String(line.quantity)}
                      aria-label={`Quantity of ${line.name}, ${variant}`}
                      className="ml-2 h-10 rounded-md border border-stone-300 bg-white px-2 text-base text-stone-900"
                    >
                      {QUANTITY_CHOICES.map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    type="submit"
                    name="intent"
                    value="update"
                    className="h-10 rounded-md bg-white px-4 text-sm font-medium text-stone-900 ring-1 ring-stone-300 hover:bg-stone-50"
                  >
                    Update
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    aria-label={`Remove ${line.name}, ${variant}`}
                    className="h-10 rounded-md px-3 text-sm font-medium text-accent-700 hover:underline"
                  >
                    Remove
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      </section>
      <div className="mt-10 lg:col-span-5 lg:mt-0">
        <CartSummary
          {...summary}
          checkout={
            <p className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900">
              Checking out needs JavaScript (the card form runs in your browser). Turn it on to pay:
              your cart is kept.
            </p>
          }
        />
      </div>
    </div>
  );
}
